/** The connection events this plugin adds to the bus, and how they reach sockets. */
import type { Kernel } from '@atende/sdk'
import type { WhatsappView } from './service.ts'
import type { SessionStatus } from './providers/types.ts'
import type { ConnectionFrame, SessionFrame } from './api.ts'

export interface SessionView {
  id: number
  status: SessionStatus
  qrcode: string
  retries: number
  updatedAt: string
}

declare module '@atende/sdk' {
  interface EventMap {
    'whatsapp.updated': { companyId: number; whatsapp: WhatsappView }
    'whatsapp.deleted': { companyId: number; whatsappId: number }
    'whatsappSession.updated': { companyId: number; session: SessionView }
  }
}

export function mapRealtime(kernel: Kernel) {
  const room = (companyId: number) => [`company-${companyId}`]
  kernel.realtime.map('whatsapp.updated', (p) => ({
    rooms: room(p.companyId),
    event: `company-${p.companyId}-whatsapp`,
    data: { action: 'update', whatsapp: p.whatsapp } satisfies ConnectionFrame,
  }))
  kernel.realtime.map('whatsapp.deleted', (p) => ({
    rooms: room(p.companyId),
    event: `company-${p.companyId}-whatsapp`,
    data: { action: 'delete', whatsappId: p.whatsappId } satisfies ConnectionFrame,
  }))
  kernel.realtime.map('whatsappSession.updated', (p) => ({
    rooms: room(p.companyId),
    event: `company-${p.companyId}-whatsappSession`,
    data: { action: 'update', session: p.session } satisfies SessionFrame,
  }))
}
