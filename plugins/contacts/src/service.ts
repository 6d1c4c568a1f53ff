import { ownedRows, type Kernel, type UnitOfWork } from '@atende/sdk'
import type { Contact, ContactsService } from './api.ts'
import { normaliseNumber } from './number.ts'
import { upsertContacts } from './upsert.ts'
import { CONTACT_COLUMNS } from './columns.ts'
import { applyFilter } from './queries.ts'
import { setProfilePicUrl } from './picture.ts'
import { createContactWriter } from './write.ts'
import { createIntegrationContacts } from './integration.ts'

const SEARCH_IDS_MAX = 1000

export function createContactsService(kernel: Kernel): ContactsService {
  // A unit of work's contacts, once read: a bot's step reads its contact for the templates, the
  // message it stores and the ticket it moves, all in one transaction. This plugin is the only writer
  // of the table, and its one write in a caller's unit of work (upsertMany) forgets them.
  const readIn = new WeakMap<UnitOfWork, Map<number, Contact | null>>()
  const writer = createContactWriter(kernel)
  const integration = createIntegrationContacts(kernel)
  const plain = ({ extraInfo: _, ...contact }: Contact & { extraInfo?: unknown }): Contact => contact
  return {
    version: 1,
    ownedBy: ownedRows((c) => kernel.tenant(c), 'contacts'),
    normaliseNumber,
    upsertMany(uow, sightings) {
      readIn.delete(uow)
      return upsertContacts(uow, sightings)
    },
    async get(companyId, id, uow) {
      if (!uow || uow.t.companyId !== companyId)
        return (await kernel.tenant(companyId)('contacts').where({ id }).first(CONTACT_COLUMNS)) ?? null
      let seen = readIn.get(uow)
      if (!seen) readIn.set(uow, (seen = new Map()))
      if (!seen.has(id)) seen.set(id, (await uow.t('contacts').where({ id }).first(CONTACT_COLUMNS)) ?? null)
      const contact = seen.get(id)
      return contact ? { ...contact } : null
    },
    async byIds(companyId, ids) {
      const unique = [...new Set(ids)]
      if (!unique.length) return []
      return kernel.tenant(companyId)('contacts').whereIn('id', unique).select(CONTACT_COLUMNS)
    },
    async cardsByIds(companyId, ids) {
      const unique = [...new Set(ids)]
      if (!unique.length) return []
      return kernel
        .tenant(companyId)('contacts')
        .whereIn('id', unique)
        .select('id', 'name', 'number', 'profilePicUrl', 'isGroup')
    },
    async searchIds(companyId, text, limit) {
      if (!text.trim()) return []
      const n = Math.max(1, Math.min(limit, SEARCH_IDS_MAX))
      return applyFilter(kernel.tenant(companyId)('contacts'), { searchParam: text }).limit(n).pluck('contacts.id')
    },
    searchIdsQuery(companyId, text) {
      return text.trim()
        ? applyFilter(kernel.tenant(companyId)('contacts'), { searchParam: text }).select('contacts.id')
        : null
    },
    async countCreated(companyId, from, to) {
      const row = await kernel
        .tenant(companyId)('contacts')
        .where({ isGroup: false })
        .where('createdAt', '>=', from)
        .where('createdAt', '<', to)
        .count({ n: '*' })
        .first()
      return Number(row?.n ?? 0)
    },
    audiencePage(uow, ids, { afterId, limit }) {
      return uow
        .t('contacts')
        .whereIn('id', ids)
        .where({ isGroup: false })
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .select('id', 'name', 'number', 'email')
    },
    setProfilePicUrl: (companyId, who, url) => setProfilePicUrl(kernel, companyId, who, url),
    create: async (companyId, input) => plain(await writer.create(companyId, input)),
    update: async (companyId, id, patch) => plain(await writer.update(companyId, id, patch)),
    remove: (companyId, id) => writer.remove(companyId, id),
    page: integration.page,
    findOne: integration.findOne,
    stats: integration.stats,
    bulkUpsert: integration.bulkUpsert,
  }
}
