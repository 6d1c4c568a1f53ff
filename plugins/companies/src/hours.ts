import { companyCache, type Kernel } from '@atende/sdk'
import type { CompanyHoursService } from './api.ts'
import type { ScheduleRow } from './schemas.ts'

/**
 * A company's weekly opening hours for other plugins (the queues chatbot's "company" schedule
 * type, read on inbound messages): cached per company until company.updated, which every change
 * of them announces (setSchedules), or company.deleted.
 */
export function createCompanyHours(kernel: Kernel): CompanyHoursService {
  const hours = companyCache(async (companyId): Promise<ScheduleRow[]> => {
    const row: { schedules: ScheduleRow[] | string } | undefined = await kernel
      .db('company_hours')
      .where({ companyId })
      .first('schedules')
    if (!row) return []
    return typeof row.schedules === 'string' ? JSON.parse(row.schedules) : row.schedules
  })
  hours.forgetOn(kernel.bus, ['company.updated', 'company.deleted'])
  return {
    version: 1,
    of: async (companyId) => (await hours.get(companyId)).map((h) => ({ ...h })),
  }
}
