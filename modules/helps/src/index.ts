import { lazy } from 'react'
import { defineModule, HelpIcon } from '@atende/ui'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/** Help videos (administration.md §2 "Help videos"). */
export default defineModule({
  name: 'helps',
  routes: [{ path: '/helps', element: lazy(() => import('./HelpsPage.tsx')) }],
  menu: [{ label: 'menu.helps', to: '/helps', icon: HelpIcon, section: 'main', order: 90 }],
  i18n: { pt, en, es },
})
