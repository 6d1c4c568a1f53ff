import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/** The top bar's announcements popover (every user); its code loads beside the drawer. */
const AnnouncementPopover = lazy(() =>
  import('./AnnouncementPopover.tsx').then((m) => ({ default: m.AnnouncementPopover })),
)

/**
 * Announcements: /announcements for the super user (anyone else
 * gets the informational notice and goes home after 1 s) over /api/announcements, and the top
 * bar's popover of active announcements for every user, live through `company-{id}-announcement`.
 */
export default defineModule({
  name: 'announcements',
  routes: [{ path: '/announcements', element: lazy(() => import('./AnnouncementsPage.tsx')) }],
  menu: menuItems(menu),
  slots: { topBar: [AnnouncementPopover] },
  i18n: { pt, en, es },
})
