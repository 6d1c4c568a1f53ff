import type { Kernel } from '@atende/sdk'
import type { Contact, ContactIdentity } from './api.ts'
import { normaliseNumber } from './number.ts'
import { CONTACT_COLUMNS } from './columns.ts'
import './events.ts'

/**
 * A channel's picture of a known contact (found as the upsert finds it: LID first, then number).
 * Never creates a contact: a picture of someone we have no contact for is not ours to keep. The row
 * is written, and `contact.updated` announced, only when the URL differs.
 */
export async function setProfilePicUrl(
  kernel: Kernel,
  companyId: number,
  who: ContactIdentity,
  url: string,
): Promise<{ contact: Contact; previous: string } | null> {
  const number = normaliseNumber(who.number, { isGroup: who.isGroup })
  const lid = who.lid ? who.lid.replace(/\D/g, '') || null : null
  if (!number && !lid) return null
  const t = kernel.tenant(companyId)
  const found: Contact[] = await t('contacts')
    .select(CONTACT_COLUMNS)
    .where((q) => {
      if (number) q.where('number', number)
      if (lid) q.orWhere('lid', lid)
    })
  const contact = (lid && found.find((c) => c.lid === lid)) || found.find((c) => c.number === number)
  if (!contact) return null
  const previous = contact.profilePicUrl ?? ''
  if (previous === url) return { contact, previous }
  const [row] = await t('contacts')
    .where({ id: contact.id })
    .update({ profilePicUrl: url, updatedAt: kernel.db.fn.now() })
    .returning(CONTACT_COLUMNS)
  if (!row) return null // deleted meanwhile
  await kernel.bus.emit('contact.updated', { companyId, contact: row })
  return { contact: row, previous }
}
