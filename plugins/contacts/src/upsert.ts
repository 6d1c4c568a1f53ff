import type { UnitOfWork } from '@atende/sdk'
import type { Contact, ContactSighting, UpsertResult } from './api.ts'
import { normaliseNumber } from './number.ts'
import { CONTACT_COLUMNS } from './columns.ts'
import './events.ts'

const NAME_MAX = 100

interface Wanted {
  number: string
  lid: string | null
  name: string
  pic: string
  isGroup: boolean
  whatsappId: number | null
}

function wanted(s: ContactSighting): Wanted {
  const number = normaliseNumber(s.number, { isGroup: s.isGroup })
  if (!number) throw new Error('A contact sighting needs a number')
  const lid = s.lid ? s.lid.replace(/\D/g, '') || null : null
  const name = (s.name ?? '').trim().slice(0, NAME_MAX) || number
  return { number, lid, name, pic: s.profilePicUrl ?? '', isGroup: !!s.isGroup, whatsappId: s.whatsappId ?? null }
}

/** What a sighting would change on a known contact (a real name for a number-named one, a missing LID, a new picture). */
function patchFor(c: Contact, w: Wanted): Partial<Contact> | null {
  const patch: Partial<Contact> = {}
  if (c.name === c.number && w.name !== w.number) patch.name = w.name
  if (!c.lid && w.lid) patch.lid = w.lid
  if (w.pic && w.pic !== c.profilePicUrl) patch.profilePicUrl = w.pic
  return Object.keys(patch).length ? patch : null
}

/**
 * Bulk find-or-create, built for the inbound hot path where most senders are known:
 * 1. one SELECT finds known contacts by LID (which wins: WhatsApp's second identity of a person)
 *    or by number;
 * 2. one INSERT … ON CONFLICT for the unknown ones, sorted by number so concurrent batches lock in
 *    the same order; a conflict (another writer got there first) still returns the row;
 * 3. an UPDATE only for known contacts a sighting improves (rare), so repeat senders cost no write.
 */
export async function upsertContacts(uow: UnitOfWork, sightings: ContactSighting[]): Promise<UpsertResult[]> {
  if (!sightings.length) return []
  const { db, t } = uow
  const companyId = t.companyId
  const want = sightings.map(wanted)
  const numbers = [...new Set(want.map((w) => w.number))]
  const lids = [...new Set(want.map((w) => w.lid).filter((l): l is string => !!l))]

  const known: Contact[] = await t('contacts')
    .select(CONTACT_COLUMNS)
    .where((q) => {
      q.whereIn('number', numbers)
      if (lids.length) q.orWhereIn('lid', lids)
    })
  const byLid = new Map(known.filter((c) => c.lid).map((c) => [c.lid!, c]))
  const byNumber = new Map(known.map((c) => [c.number, c]))
  const find = (w: Wanted) => (w.lid && byLid.get(w.lid)) || byNumber.get(w.number)
  const changed = new Set<number>()

  const missing = new Map<string, Wanted>()
  for (const w of want) if (!find(w)) missing.set(w.number, { ...w, lid: w.lid ?? missing.get(w.number)?.lid ?? null })
  if (missing.size) {
    const rows = [...missing.values()]
      .sort((a, b) => (a.number < b.number ? -1 : 1))
      .map((w) => ({
        number: w.number,
        lid: w.lid,
        name: w.name,
        profilePicUrl: w.pic,
        isGroup: w.isGroup,
        whatsappId: w.whatsappId,
      }))
    const inserted: Contact[] = await t
      .insert('contacts', rows)
      .onConflict(['companyId', 'number'])
      .merge({ lid: db.raw('COALESCE(contacts.lid, excluded.lid)') })
      .returning(CONTACT_COLUMNS)
    for (const c of inserted) {
      byNumber.set(c.number, c)
      if (c.lid) byLid.set(c.lid, c)
      changed.add(c.id)
    }
  }

  for (const w of want) {
    const c = find(w)!
    const patch = patchFor(c, w)
    if (!patch) continue
    const [row] = await t('contacts')
      .where({ id: c.id })
      .update({ ...patch, updatedAt: db.fn.now() })
      .returning(CONTACT_COLUMNS)
    Object.assign(c, row)
    changed.add(c.id)
  }

  const results = want.map((w) => {
    const contact = find(w)!
    return { contact, changed: changed.has(contact.id) }
  })
  const announced = new Set<number>()
  for (const r of results) {
    if (r.changed && !announced.has(r.contact.id)) {
      announced.add(r.contact.id)
      uow.emit('contact.updated', { companyId, contact: r.contact })
    }
  }
  return results
}
