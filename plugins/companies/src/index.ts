import { definePlugin } from '@atende/sdk'
import { registerSignupRoutes } from './signup-routes.ts'
import { registerCompanyRoutes } from './routes.ts'
import { createCompaniesBilling } from './billing-service.ts'
import { createCompanyHours } from './hours.ts'
import type { CompaniesBillingRef, CompanyHoursRef } from './api.ts'

/** Company sign-up and the super user's company administration. */
export default definePlugin({
  name: 'companies',
  version: '1.0.0',
  essential: true,
  // Billing reads a company's plan and due date and renews it through this, never the table itself;
  // the queues chatbot reads the company's opening hours.
  services: { provides: ['companies.billing', 'companies.hours'], optional: ['plans.limits'] },
  migrations: new URL('../migrations', import.meta.url),
  settings: [
    // Read on the platform company: whether the login screen offers sign-up.
    { key: 'userCreation', values: ['enabled', 'disabled'], default: 'enabled' },
    // Set when the super user creates or edits a company.
    { key: 'campaignsEnabled', values: ['true', 'false'], default: 'false', managed: true },
  ],
  async register(app, kernel) {
    registerSignupRoutes(app, kernel)
    registerCompanyRoutes(app, kernel)
    kernel.services.provide<CompaniesBillingRef>('companies.billing', createCompaniesBilling(kernel))
    kernel.services.provide<CompanyHoursRef>('companies.hours', createCompanyHours(kernel))
  },
})
