import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/** Help videos. */
export default defineModule({
  name: 'helps',
  routes: [{ path: '/helps', element: lazy(() => import('./HelpsPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
