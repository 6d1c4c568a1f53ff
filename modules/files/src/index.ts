import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * File lists: the /files screen over /api/files, in the drawer's
 * admin section. The shell loads it when the company's plan includes the plugin (plugins/files
 * decides; GET /api/modules lists it).
 */
export default defineModule({
  name: 'files',
  routes: [{ path: '/files', element: lazy(() => import('./FilesPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
