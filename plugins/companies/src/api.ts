/** The companies plugin's published contract, types only: a company and its weekly hours as the API answers them (the route schemas). */
import type { ServiceRef } from '@atende/sdk'
export type { CompanyView as Company, Recurrence, ScheduleRow } from './schemas.ts'
export type { BillingAccount, CompaniesBillingService, CompaniesBillingRef } from './billing-api.ts'

/** A company's weekly opening hours (`kernel.services.find<CompanyHoursRef>('companies.hours')`). */
export interface CompanyHoursService {
  readonly version: 1
  /** [] when none are set (the company counts as always open). */
  of(companyId: number): Promise<import('./schemas.ts').ScheduleRow[]>
}

/** The `companies.hours` service: `kernel.services.get<CompanyHoursRef>('companies.hours')`. */
export type CompanyHoursRef = ServiceRef<'companies.hours', CompanyHoursService>
