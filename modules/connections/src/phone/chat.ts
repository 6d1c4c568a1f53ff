/**
 * The simulator phone's conversation as plain data: what the platform sent (the simulator's
 * outbox) and what the customer sent from the panel (kept in the panel: the outbox only holds
 * platform → customer messages), merged by time. No React here, so it is tested without a browser.
 */

/** One entry of GET /api/simulator/{id}/outbox. */
export interface OutboxMessage {
  id: string
  to: string
  isGroup: boolean
  body: string
  media?: { kind: string; fileName: string; mimetype: string }
  contact?: { name: string; number: string }
  location?: { latitude: number; longitude: number; name?: string }
  quotedId?: string
  mentions?: string[]
  /** 1 sent, 2 delivered (3 on the device), 4 read (5 played). */
  ack: number
  edited: boolean
  deleted: boolean
  timestamp: string
}

/** A message the customer wrote in the panel. */
export interface CustomerMessage {
  /** Local key until the server answers, then the provider id it was stored under. */
  key: string
  body: string
  file?: { name: string; mimetype: string; kind: MediaKind }
  /** The server's createdAt once stored (the outbox uses the server's clock), the local time before. */
  timestamp: string
  status: 'sending' | 'sent' | 'failed'
  /** The ticket the platform filed it under (once stored). */
  ticketId?: number
  /** i18n-ready message of a failed send. */
  error?: string
}

export type ChatItem =
  | { side: 'customer'; key: string; timestamp: string; message: CustomerMessage }
  | { side: 'platform'; key: string; timestamp: string; message: OutboxMessage }

/** Both sides in time order; equal times keep customer first (a reply never precedes its question). */
export function mergeChat(customer: CustomerMessage[], platform: OutboxMessage[]): ChatItem[] {
  const items: ChatItem[] = [
    ...customer.map((m) => ({ side: 'customer' as const, key: `c-${m.key}`, timestamp: m.timestamp, message: m })),
    ...platform.map((m) => ({ side: 'platform' as const, key: `p-${m.id}`, timestamp: m.timestamp, message: m })),
  ]
  const time = (i: ChatItem) => Date.parse(i.timestamp) || 0
  return items
    .map((item, index) => ({ item, index }))
    .sort(
      (a, b) =>
        time(a.item) - time(b.item) ||
        (a.item.side === b.item.side ? a.index - b.index : a.item.side === 'customer' ? -1 : 1),
    )
    .map((x) => x.item)
}

export type Ticks = 'sent' | 'delivered' | 'read'
/** WhatsApp's ticks for an ack: ✓ sent, ✓✓ delivered, blue ✓✓ read (or played). */
export const ticksOf = (ack: number): Ticks => (ack >= 4 ? 'read' : ack >= 2 ? 'delivered' : 'sent')

export const digitsOf = (value: string) => value.replace(/\D/g, '')

/** The simulator's inbound limits (plugins/connections message-schemas InboundBody): the boxes' maxLength. */
export const CUSTOMER_NUMBER_MAX = 30
export const CUSTOMER_NAME_MAX = 100
export const BODY_MAX = 65_536
/** A number the inbound route accepts (8–20 digits). */
export const isCustomerNumber = (value: string) => /^\d{8,20}$/.test(digitsOf(value))

/**
 * Two spellings of one phone: equal digits, or one ends with the other (the platform stores
 * "5511…" while the customer may be typed without the country code).
 */
export function sameNumber(a: string, b: string): boolean {
  const x = digitsOf(a)
  const y = digitsOf(b)
  if (x.length < 8 || y.length < 8) return false
  return x === y || x.endsWith(y) || y.endsWith(x)
}

/**
 * A made-up São Paulo mobile, 55 11 9xxxx-xxxx. Never ending in 0000: the simulator treats those
 * as "not on WhatsApp" and refuses to deliver to them.
 */
export function randomCustomerNumber(random: () => number = Math.random): string {
  for (;;) {
    let rest = ''
    for (let i = 0; i < 8; i++) rest += String(Math.floor(random() * 10) % 10)
    if (!rest.endsWith('0000')) return `55119${rest}`
  }
}

/** The inbound route takes up to 8 MiB of JSON and a data: URI grows by 4/3 (base64): 5 MiB files fit. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024

/** The inbound route's mediaType for a file: image/audio/video by its mimetype, else document. */
export type MediaKind = 'image' | 'audio' | 'video' | 'document'
export function mediaTypeOf(mimetype: string): MediaKind {
  const kind = mimetype.split('/')[0]
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : 'document'
}

/** Why a file cannot be sent (an i18n key), or null. */
export const fileProblem = (file: { size: number }): string | null =>
  file.size === 0 ? 'connections.phone.fileEmpty' : file.size > MAX_FILE_BYTES ? 'connections.phone.fileTooLarge' : null

/** 3.7 MB, 812 KB: the limit as people read it. */
export function formatBytes(bytes: number, locale?: string): string {
  const mb = bytes / (1024 * 1024)
  if (mb >= 1) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(mb)} MB`
  return `${Math.max(1, Math.round(bytes / 1024))} KB`
}

/** HH:mm in local time. */
export function timeOf(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return `${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`
}
