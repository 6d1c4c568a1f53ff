import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Contacts: the /contacts
 * screen in the main section of the drawer. The contact form, dialog and picker are reused by other
 * modules through `@atende/module-contacts/components` (see components.ts).
 */
export default defineModule({
  name: 'contacts',
  routes: [{ path: '/contacts', element: lazy(() => import('./ContactsPage.tsx')) }],
  menu: menuItems(menu),
  permissions: ['contacts-page:deleteContact'],
  i18n: { pt, en, es },
})
