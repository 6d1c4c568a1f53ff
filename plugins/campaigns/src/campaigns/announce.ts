import type { Kernel } from '@atende/sdk'

/**
 * Progress frames, at most one per campaign every CAMPAIGN_PROGRESS_MS (1 s): a 10,000-message run
 * would otherwise send each open report tens of thousands of frames, each reading the counts.
 * Status changes (start, cancel, finish) are announced at once by their own transactions.
 */
export function progressAnnouncer(kernel: Kernel) {
  const pending = new Map<number, NodeJS.Timeout>()
  const every = () => Number(process.env.CAMPAIGN_PROGRESS_MS ?? 1000)
  kernel.onClose(() => {
    for (const timer of pending.values()) clearTimeout(timer)
    pending.clear()
  })
  return (companyId: number, campaignId: number) => {
    if (pending.has(campaignId)) return
    pending.set(
      campaignId,
      setTimeout(() => {
        pending.delete(campaignId)
        void kernel.bus.emit('campaign.saved', { companyId, action: 'update', campaignId }).catch(() => {})
      }, every()),
    )
  }
}
export type Announce = ReturnType<typeof progressAnnouncer>
