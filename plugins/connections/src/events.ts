/** The connection events this plugin adds to the bus, and how they reach sockets. */
import type { Kernel } from '@atende/sdk'

export interface SessionView {
  id: number
  status: string
  qrcode: string
  retries: number
  updatedAt: string
}

declare module '@atende/sdk' {
  interface EventMap {
    'whatsapp.updated': { companyId: number; whatsapp: Record<string, unknown> }
    'whatsapp.deleted': { companyId: number; whatsappId: number }
    'whatsappSession.updated': { companyId: number; session: SessionView }
  }
}

export function mapRealtime(kernel: Kernel) {
  const room = (companyId: number) => [`company-${companyId}`]
  kernel.realtime.map('whatsapp.updated', (p) => ({
    rooms: room(p.companyId),
    event: `company-${p.companyId}-whatsapp`,
    data: { action: 'update', whatsapp: p.whatsapp },
  }))
  kernel.realtime.map('whatsapp.deleted', (p) => ({
    rooms: room(p.companyId),
    event: `company-${p.companyId}-whatsapp`,
    data: { action: 'delete', whatsappId: p.whatsappId },
  }))
  kernel.realtime.map('whatsappSession.updated', (p) => ({
    rooms: room(p.companyId),
    event: `company-${p.companyId}-whatsappSession`,
    data: { action: 'update', session: p.session },
  }))
}
