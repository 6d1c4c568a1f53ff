import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'
import { TicketScheduleButton, TicketScheduleMenuItem } from './TicketSchedule.tsx'

/**
 * Schedules: the /schedules calendar over /api/schedules, and the tickets screen's schedule button
 * (`ticket.actions`) and menu entry (`ticket.menu`). The shell loads it when the company's plan
 * includes useSchedules (plugins/schedules decides; GET /api/modules lists it).
 */
export default defineModule({
  name: 'schedules',
  planFlag: 'useSchedules',
  routes: [{ path: '/schedules', element: lazy(() => import('./SchedulesPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
  slots: {
    extensions: { 'ticket.actions': TicketScheduleButton, 'ticket.menu': TicketScheduleMenuItem },
  },
})
