import { lazy } from 'react'
import { defineModule } from '@atende/ui'
import { QueueIcon } from './QueueIcon.tsx'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Queues (administration.md §2 "Queues"): the /queues screen over /api/queue and /api/queue-options,
 * live through the company's queue events. Admin section of the drawer (core.md §2 Layout).
 */
export default defineModule({
  name: 'queues',
  routes: [{ path: '/queues', element: lazy(() => import('./QueuesPage.tsx')) }],
  menu: [{ label: 'menu.queues', to: '/queues', icon: QueueIcon, section: 'admin', order: 40 }],
  i18n: { pt, en, es },
})
