/** The companies plugin's published contract, types only: a company and its weekly hours as the API answers them (the route schemas). */
export type { CompanyView as Company, Recurrence, ScheduleRow } from './schemas.ts'
export type { BillingAccount, CompaniesBillingService } from './billing-api.ts'

/** A company's weekly opening hours (`kernel.services.find<CompanyHoursService>('companies.hours')`). */
export interface CompanyHoursService {
  readonly version: 1
  /** [] when none are set (the company counts as always open). */
  of(companyId: number): Promise<import('./schemas.ts').ScheduleRow[]>
}
