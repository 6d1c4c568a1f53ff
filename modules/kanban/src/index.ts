import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Kanban (issue 17): the /kanban board of open and pending tickets by kanban tag. The shell loads
 * it when the company's plan has useKanban (plugins/kanban carries the flag). Lanes read a page at
 * a time as they scroll (not windowed): GET /api/tickets per lane and status, 20 tickets a page.
 */
export default defineModule({
  name: 'kanban',
  routes: [{ path: '/kanban', element: lazy(() => import('./KanbanPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
