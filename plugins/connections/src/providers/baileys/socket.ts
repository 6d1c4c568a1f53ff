import type {
  AnyMessageContent,
  BaileysEventMap,
  GroupMetadata,
  MiscMessageGenerationOptions,
  UserFacingSocketConfig,
  WAMessage,
  WAMessageKey,
} from '@whiskeysockets/baileys'

/** The socket events this provider listens to. */
export type SocketEvent =
  | 'connection.update'
  | 'creds.update'
  | 'messages.upsert'
  | 'messages.update'
  | 'call'
  | 'groups.update'
  | 'group-participants.update'
  | 'contacts.update'

/**
 * The part of Baileys' socket this provider uses: what a fake socket implements in the tests, and
 * the edge where WhatsApp's servers begin. `makeWASocket`'s result satisfies it.
 */
export interface SocketLike {
  ev: { on<E extends SocketEvent>(event: E, listener: (arg: BaileysEventMap[E]) => void): void }
  /** The paired account (`5511…:12@s.whatsapp.net`, and its LID) once known. */
  readonly user?: { id: string; lid?: string; name?: string }
  sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage | undefined>
  readMessages(keys: WAMessageKey[]): Promise<void>
  logout(msg?: string): Promise<void>
  end(error: Error | undefined): void | Promise<void>
  groupMetadata?(jid: string): Promise<GroupMetadata>
  /** A person's or group's picture (a short-lived URL on WhatsApp's CDN); throws 401/404 when there is none to see. */
  profilePictureUrl?(jid: string, type?: 'preview' | 'image', timeoutMs?: number): Promise<string | undefined>
  /** Asks the phone to upload expired media again (used by media downloads). */
  updateMediaMessage?(msg: WAMessage): Promise<WAMessage>
  /** Which of these JIDs have a WhatsApp account (usync). */
  onWhatsApp?(...jids: string[]): Promise<{ jid: string; exists: unknown }[] | undefined>
  /** Baileys' LID↔phone mapping store, kept in our key store. */
  signalRepository?: { lidMapping: { getPNForLID(lid: string): Promise<string | null> } }
}

export type MakeSocket = (config: UserFacingSocketConfig) => SocketLike
