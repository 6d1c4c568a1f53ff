import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Dashboard: the /dashboard screen over /api/dashboard. The shell loads it when the company's plan
 * includes the plugin (plugins/dashboard decides; GET /api/modules lists it).
 */
export default defineModule({
  name: 'dashboard',
  routes: [{ path: '/dashboard', element: lazy(() => import('./DashboardPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
