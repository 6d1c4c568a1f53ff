/**
 * Channel providers: what a WhatsApp-like connection needs from the world. A provider runs a
 * session per connection; the session reports its state (`report`), hands inbound messages and
 * acks to the pipeline (`events`), and sends what the platform asks it to.
 */

/** Session states (spelled as the spec and the web client spell them). */
export const SESSION_STATUSES = ['DISCONNECTED', 'qrcode', 'OPENING', 'CONNECTED', 'PAIRING', 'TIMEOUT'] as const
export type SessionStatus = (typeof SESSION_STATUSES)[number]

/** What a provider reports; the session manager persists it to the row and emits it on the bus. */
export interface SessionUpdate {
  status: SessionStatus
  qrcode?: string
  /** The paired phone number, once connected. */
  number?: string
  retries: number
}

export interface ConnectionRef {
  id: number
  companyId: number
  name: string
}

/** Message media kinds as the spec's Message.mediaType spells them (plus document and sticker). */
export const MEDIA_TYPES = [
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'locationMessage',
  'vcard',
  'call_log',
] as const
export type MediaType = (typeof MEDIA_TYPES)[number]

/** Acks: 1 sent (single tick), 2 delivered, 3 delivered to the device, 4 read, 5 played. */
export type Ack = 0 | 1 | 2 | 3 | 4 | 5

/** Inbound media: the bytes are fetched lazily so a message is recorded even when its download fails. */
export interface InboundMedia {
  mimetype: string
  fileName?: string
  /** Read the bytes (download from the network, decode a data: URI…). */
  load(): Promise<Buffer>
}

/** A message a provider received (or saw sent from the phone itself, `fromMe`). */
export interface InboundMessage {
  /** The provider's message id: the idempotency key (a re-delivery carries the same id). */
  id: string
  /**
   * The conversation: the contact's phone number in digits, or a group id (`isGroup`). Providers
   * that know a person by a second identity (WhatsApp's LID) give it in `lid`; both resolve to one contact.
   */
  chatId: string
  lid?: string
  isGroup: boolean
  /** Group name when isGroup. */
  groupName?: string
  /** In groups: who wrote it. */
  participant?: { number: string; name?: string; lid?: string }
  /** The sender's push name (the contact's name when it is new). */
  name?: string
  profilePicUrl?: string
  fromMe: boolean
  body: string
  mediaType?: MediaType
  media?: InboundMedia
  /** Provider id of the quoted message. */
  quotedId?: string
  timestamp: Date
}

export interface InboundReceipt {
  duplicate: boolean
  message?: unknown
  /**
   * Settles once the routing chain (bots, flows, prompts) has run for this message; a provider
   * never waits for it (it acknowledges on the commit). The simulated phone does, so whoever drives
   * it reads the bot's answer as soon as its call returns.
   */
  routed?: Promise<void>
}

export interface AckUpdate {
  id: string
  ack: Ack
}

/**
 * A message of ours changed on the network: its author edited it or deleted it for everyone (the
 * customer, or the account itself on the phone). `id` is the provider id of the changed message;
 * `fromMe` says whether the change came from our account.
 */
export type MessageChange = { id: string; fromMe: boolean; isGroup: boolean } & (
  { kind: 'edit'; body: string } | { kind: 'delete' }
)

/**
 * A contact's picture as the network has it now, fetched by the provider away from the inbound path.
 * `picture` null: the contact removed it.
 */
export interface PictureUpdate {
  /** As InboundMessage.chatId (a person's digits or a group id) and lid. */
  chatId: string
  lid?: string
  isGroup: boolean
  picture: { data: Buffer; mimetype: string } | null
}

/** Where a running session hands what it receives. Each call resolves once the data is committed; a
 * provider acknowledges to its network only then, so a crash means a re-delivery, never a loss. */
export interface ChannelEvents {
  /** Resolves once stored; what was stored (a re-delivery or an ignored group message has no `message`). */
  inbound(msg: InboundMessage): Promise<InboundReceipt | void>
  ack(update: AckUpdate): Promise<void>
  /** Serve a message the network asks for again (Baileys' getMessage, for retries). */
  findMessage(id: string): Promise<{ body: string; fromMe: boolean } | null>
  /** Mirror an edit or delete made on the network; ids we never stored are ignored. */
  changed?(change: MessageChange): Promise<void>
  /** Store a contact's picture and show it on the contact (a contact we do not know is left alone). */
  picture?(update: PictureUpdate): Promise<void>
}

/** Outbound media, already in our storage. */
export interface OutboundMedia {
  kind: 'image' | 'audio' | 'video' | 'document'
  /** Absolute path of the file on disk. */
  path: string
  mimetype: string
  fileName: string
  /** Audio sent as a voice note (push-to-talk). */
  voiceNote?: boolean
}

export interface OutboundMessage {
  /** Contact number (digits) or group id. */
  chatId: string
  isGroup: boolean
  /** Use this provider id for the message (a retried send keeps its id, so the network dedupes it). */
  id?: string
  /** The contact's LID digits when known; equal to chatId when the contact is known only by its LID. */
  lid?: string
  body?: string
  media?: OutboundMedia
  contact?: { name: string; number: string }
  location?: { latitude: number; longitude: number; name?: string }
  /** Reply to this provider message id (with its fromMe and body, which some networks need). */
  quoted?: { id: string; fromMe: boolean; body: string }
  /** Phone numbers mentioned (groups). */
  mentions?: string[]
}

/** A message of ours on the network, for edits, deletes and read receipts. */
export interface MessageKey {
  chatId: string
  isGroup: boolean
  id: string
  fromMe: boolean
  participant?: string
  /** As OutboundMessage.lid. */
  lid?: string
}

/** A running session of one connection, owned by the process that started it. */
export interface ChannelSession {
  /** Drop the current QR and produce a new one (retries reset). */
  requestNewQr(): Promise<void>
  /** End the session; reports DISCONNECTED unless `silent` (deleting the row, shutting down). */
  stop(opts?: { silent?: boolean }): Promise<void>
  /** Send; resolves with the provider's id for the message. Throws when the network refuses it. */
  send(msg: OutboundMessage): Promise<{ id: string; ack: Ack }>
  edit(key: MessageKey, body: string): Promise<void>
  delete(key: MessageKey): Promise<void>
  markRead(keys: MessageKey[]): Promise<void>
  /** Which of these phone numbers (digits) have WhatsApp: true / false per number, absent when unknown. */
  onWhatsApp?(numbers: string[]): Promise<Record<string, boolean>>
}

export interface ChannelProvider {
  /** The `provider` column value it serves. */
  readonly name: string
  /** Begin a session; `report` must be awaited by the provider so state is written in order. */
  start(
    conn: ConnectionRef,
    report: (update: SessionUpdate) => Promise<void>,
    events: ChannelEvents,
    opts?: StartOptions,
  ): Promise<ChannelSession>
}

export interface StartOptions {
  /**
   * The session is coming back after a restart or a takeover and its row said CONNECTED. A provider
   * whose pairing outlives the process may report CONNECTED at once (the simulator); Baileys reconnects
   * from its stored credentials and ignores it.
   */
  resume?: boolean
}
