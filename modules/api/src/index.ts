import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * External API ("Messages API"): /api-tokens, where admins make
 * and revoke the tokens integrators call with (its drawer item only with the setting
 * apiTokensEnabled), and /messages-api, the send-message API's documentation and test form. The
 * shell lists both when the company's plan has useExternalApi (plugins/api decides).
 */
export default defineModule({
  name: 'api',
  routes: [
    { path: '/api-tokens', element: lazy(() => import('./ApiTokensPage.tsx')) },
    { path: '/messages-api', element: lazy(() => import('./MessagesApiPage.tsx')) },
  ],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
