import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Queues: the /queues screen over /api/queue and /api/queue-options,
 * live through the company's queue events. Admin section of the drawer.
 */
export default defineModule({
  name: 'queues',
  routes: [{ path: '/queues', element: lazy(() => import('./QueuesPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
