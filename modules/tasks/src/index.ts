import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Tasks: the /todolist screen over /api/tasks, live through the company's
 * task events. Everyone has a to-do list (admins see all the company's tasks), so the drawer lists it
 * among everyone's items, after quick messages.
 */
export default defineModule({
  name: 'tasks',
  routes: [{ path: '/todolist', element: lazy(() => import('./TodoListPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
