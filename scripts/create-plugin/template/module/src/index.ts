import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * __Title__: the /__name__ screen over /api/__name__. The shell loads it when the company's plan
 * includes the plugin (plugins/__name__ decides; GET /api/modules lists it).
 */
export default defineModule({
  name: '__name__',
  routes: [{ path: '/__name__', element: lazy(() => import('./__Name__Page.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
