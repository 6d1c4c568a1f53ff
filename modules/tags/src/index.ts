import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Tags: the /tags screen over /api/tags, live through the company's
 * tag events. The drawer lists tags among everyone's items (it is not in the
 * admin-only section); the kanban switch needs `tags:kanban` (admins).
 */
export default defineModule({
  name: 'tags',
  routes: [{ path: '/tags', element: lazy(() => import('./TagsPage.tsx')) }],
  menu: menuItems(menu),
  permissions: ['tags:kanban'],
  i18n: { pt, en, es },
})
