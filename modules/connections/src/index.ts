import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import WarningBadge from './WarningBadge.tsx'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Connections: the admin /connections screen over /api/whatsapp and
 * /api/whatsappsession, live through the company's whatsapp and whatsappSession events; the drawer
 * item carries a warning dot while a connection needs attention.
 */
export default defineModule({
  name: 'connections',
  routes: [{ path: '/connections', element: lazy(() => import('./ConnectionsPage.tsx')) }],
  menu: menuItems(menu, { '/connections': { badge: WarningBadge } }),
  permissions: [
    'connections-page:addConnection',
    'connections-page:actionButtons',
    'connections-page:editOrDeleteConnection',
  ],
  i18n: { pt, en, es },
})
