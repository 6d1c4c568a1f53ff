/** The companies plugin's published contract, types only: a company and its weekly hours as the API answers them (the route schemas). */
export type { CompanyView as Company, Recurrence, ScheduleRow } from './schemas.ts'
export type { BillingAccount, CompaniesBillingService } from './billing-api.ts'
