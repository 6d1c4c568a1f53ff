import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Quick messages: the /quick-messages screen over
 * /api/quick-messages, live through the company's quickemessage events. Everyone has one (their own
 * plus the company-wide ones), so the drawer lists it among everyone's items.
 */
export default defineModule({
  name: 'quick-messages',
  routes: [{ path: '/quick-messages', element: lazy(() => import('./QuickMessagesPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
