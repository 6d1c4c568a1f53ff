import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/** The settings screen: options, schedules and the super user's tabs. */
export default defineModule({
  name: 'settings',
  routes: [{ path: '/settings', element: lazy(() => import('./SettingsPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
