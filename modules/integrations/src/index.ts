import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Queue integrations: the
 * /queue-integration screen over /api/queueIntegration, live through the company's queueIntegration
 * events. Admins only; the shell lists it when the company's plan has useIntegrations
 * (plugins/integrations decides; GET /api/modules lists it).
 */
export default defineModule({
  name: 'integrations',
  routes: [{ path: '/queue-integration', element: lazy(() => import('./QueueIntegrationsPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
