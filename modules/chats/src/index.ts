import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/** The top bar's internal-chat popover; its code loads beside the drawer, not in its way. */
const ChatPopover = lazy(() => import('./ChatPopover.tsx').then((m) => ({ default: m.ChatPopover })))

/**
 * Internal chat: /chats and /chats/:id (the chat's uuid) over
 * /api/chats, live through `company-{id}-chat`, and the top bar's popover of unread chats (which
 * also rings and, while the tab is hidden, toasts 'new message from …'). The shell loads it when
 * the company's plan has useInternalChat.
 */
export default defineModule({
  name: 'chats',
  planFlag: 'useInternalChat',
  routes: [
    { path: '/chats', element: lazy(() => import('./ChatsPage.tsx')) },
    { path: '/chats/:id', element: lazy(() => import('./ChatsPage.tsx')) },
  ],
  menu: menuItems(menu),
  slots: { topBar: [ChatPopover] },
  i18n: { pt, en, es },
})
