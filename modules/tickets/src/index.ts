import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import { contactsI18n } from '@atende/module-contacts/components'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'
import chatPt from './chat/i18n/pt.json'
import chatEn from './chat/i18n/en.json'
import chatEs from './chat/i18n/es.json'

/** The top bar's unread-ticket popover; its code loads beside the drawer, not in its way. */
const UnreadPopover = lazy(() =>
  import('./notifications/UnreadPopover.tsx').then((m) => ({ default: m.UnreadPopover })),
)

const merge = (...parts: Record<string, unknown>[]) => Object.assign({}, ...parts)

/**
 * Tickets: the attendant's workspace at /tickets and
 * /tickets/:ticketId — the list (list/) on the left, the conversation (chat/) on the right.
 * The contact form and picker come from the contacts module's published components.
 */
export default defineModule({
  name: 'tickets',
  routes: [
    { path: '/tickets', element: lazy(() => import('./TicketsPage.tsx')) },
    { path: '/tickets/:ticketId', element: lazy(() => import('./TicketsPage.tsx')) },
  ],
  menu: menuItems(menu),
  permissions: ['ticket-options:deleteTicket'],
  slots: { topBar: [UnreadPopover] },
  i18n: {
    pt: merge(contactsI18n.pt, pt, chatPt),
    en: merge(contactsI18n.en, en, chatEn),
    es: merge(contactsI18n.es, es, chatEs),
  },
})
