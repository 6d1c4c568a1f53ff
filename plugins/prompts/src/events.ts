import type { Kernel } from '@atende/sdk'
import type { Prompt, PromptFrame } from './api.ts'

declare module '@atende/sdk' {
  interface EventMap {
    'prompt.saved': { companyId: number; action: 'create' | 'update'; prompt: Prompt }
    'prompt.deleted': { companyId: number; promptId: number }
  }
}

/** The list follows company events; a delete carries promptId. */
export function mapRealtime(kernel: Kernel) {
  const rooms = (companyId: number) => [`company-${companyId}`]
  kernel.realtime.map('prompt.saved', (p) => ({
    rooms: rooms(p.companyId),
    event: `company-${p.companyId}-prompt`,
    data: { action: p.action, prompt: p.prompt } satisfies PromptFrame,
  }))
  kernel.realtime.map('prompt.deleted', (p) => ({
    rooms: rooms(p.companyId),
    event: `company-${p.companyId}-prompt`,
    data: { action: 'delete', promptId: p.promptId } satisfies PromptFrame,
  }))
}
