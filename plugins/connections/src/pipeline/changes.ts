import type { Kernel } from '@atende/sdk'
import type { ContactsService, ContactsRef } from '@atende/plugin-contacts/api'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import type { ChannelEvents, ConnectionRef, MessageChange, PictureUpdate } from '../providers/types.ts'

/** Stored pictures are served through signed URLs that must outlive the contact's quiet spells. */
export const PICTURE_URL_TTL_S = 365 * 24 * 3600
const PICTURE_MAX_BYTES = 5 * 1024 * 1024
const PICTURE_AREA = 'avatars'

/**
 * The storage key inside one of our signed URLs (`/api/media/<key>?exp&sig`, or `/api/files/…` as
 * links were signed before, still stored on contacts), or null for any other URL.
 */
export function storedPictureKey(url: string): string | null {
  const m = /^\/api\/(?:media|files)\/([^?]+)\?/.exec(url)
  return m && m[1].split('/')[1] === PICTURE_AREA ? m[1] : null
}

/**
 * What a provider reports besides messages and acks, applied away from the inbound batch:
 * edits/deletes made on the phone and contacts' pictures.
 */
export function createChangeEvents(
  kernel: Kernel,
  conn: ConnectionRef,
): Required<Pick<ChannelEvents, 'changed' | 'picture'>> {
  const contacts = () => kernel.services.get<ContactsRef>('contacts')
  const tickets = () => kernel.services.get<TicketsRef>('tickets')

  async function drop(key: string | null) {
    if (!key || kernel.storage.companyOf(key) !== conn.companyId) return
    await kernel.storage
      .remove(key)
      .catch((err) => kernel.log.warn({ err, key }, 'contact picture: old file not removed'))
  }

  return {
    async changed(c: MessageChange) {
      const m = await tickets().findByProviderId(conn.companyId, conn.id, c.id)
      if (!m || m.isDeleted) return
      // Only a message's author edits it; in groups admins may delete anyone's, in chats only the author.
      if (m.fromMe !== c.fromMe && (c.kind === 'edit' || !c.isGroup)) return
      if (c.kind === 'delete') {
        await tickets().markDeleted(conn.companyId, m.id)
        return
      }
      // The same edit can arrive twice (Baileys reports it as a message and as an update).
      if (m.isEdited && m.body === c.body) return
      await tickets().markEdited(conn.companyId, m.id, c.body)
    },

    async picture(u: PictureUpdate) {
      let key: string | null = null
      let url = ''
      if (u.picture) {
        const name = `picture.${u.picture.mimetype.includes('png') ? 'png' : u.picture.mimetype.includes('webp') ? 'webp' : 'jpg'}`
        const stored = await kernel.storage.put(conn.companyId, {
          data: u.picture.data,
          fileName: name,
          mimetype: u.picture.mimetype,
          area: PICTURE_AREA,
          allow: ['image'],
          maxBytes: PICTURE_MAX_BYTES,
        })
        key = stored.key
        url = kernel.storage.signedUrl(key, PICTURE_URL_TTL_S)
      }
      let result: Awaited<ReturnType<ContactsService['setProfilePicUrl']>>
      try {
        result = await contacts().setProfilePicUrl(
          conn.companyId,
          { number: u.chatId, lid: u.isGroup ? undefined : u.lid, isGroup: u.isGroup },
          url,
        )
      } catch (err) {
        await drop(key)
        throw err
      }
      if (!result || result.previous === url) {
        await drop(key)
        return
      }
      // The file it replaces is ours to remove (a URL from elsewhere is just forgotten).
      await drop(storedPictureKey(result.previous))
    },
  }
}
