import type { Kernel } from '@atende/sdk'
import type { ContactsService } from './api.ts'
import { normaliseNumber } from './number.ts'
import { upsertContacts } from './upsert.ts'
import { CONTACT_COLUMNS } from './columns.ts'

export function createContactsService(kernel: Kernel): ContactsService {
  return {
    version: 1,
    normaliseNumber,
    upsertMany: upsertContacts,
    async get(companyId, id, uow) {
      const t = uow && uow.t.companyId === companyId ? uow.t : kernel.tenant(companyId)
      return (await t('contacts').where({ id }).first(CONTACT_COLUMNS)) ?? null
    },
  }
}
