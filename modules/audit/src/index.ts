import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Audit log: the /audit screen over /api/audit, in the drawer's admin section. The plugin is
 * essential (no plan switches it off); the API answers admins and the super user only.
 */
export default defineModule({
  name: 'audit',
  routes: [{ path: '/audit', element: lazy(() => import('./AuditPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
