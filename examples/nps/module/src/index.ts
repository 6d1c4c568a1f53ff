import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/** NPS survey: the /nps screen over /api/nps, loaded when the company's plan has the nps module. */
export default defineModule({
  name: 'nps',
  routes: [{ path: '/nps', element: lazy(() => import('./NpsPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
