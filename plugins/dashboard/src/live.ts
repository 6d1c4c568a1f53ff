import type { Kernel } from '@atende/sdk'

/**
 * `company-{id}-dashboard` ({ action: 'update' }): the figures moved, read them again. At most one
 * frame per company every DASHBOARD_LIVE_MS (1 s) from this process: a busy hour moves tickets many
 * times a second and each open dashboard would otherwise re-read on every move. The frame carries
 * no figures, so the company room may have it; only admins have the screen that listens.
 */
export function liveDashboard(kernel: Kernel) {
  kernel.realtime.map('dashboard.changed', ({ companyId }) => ({
    rooms: [`company-${companyId}`],
    event: `company-${companyId}-dashboard`,
    data: { action: 'update' },
  }))
  const pending = new Map<number, NodeJS.Timeout>()
  const every = () => Number(process.env.DASHBOARD_LIVE_MS ?? 1000)
  kernel.onClose(() => {
    for (const timer of pending.values()) clearTimeout(timer)
    pending.clear()
  })
  return (companyId: number) => {
    if (pending.has(companyId)) return
    pending.set(
      companyId,
      setTimeout(() => {
        pending.delete(companyId)
        void kernel.bus.emit('dashboard.changed', { companyId }).catch(() => {})
      }, every()),
    )
  }
}
