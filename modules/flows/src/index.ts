import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Flows ("Flow editor", "Sub-queue flow management", "Phrase
 * campaigns"): the screens over plugins/flows. /flowbuilders, /flowbuilder/:id and /phrase-lists are
 * cshow pages: their drawer items show only while the company setting campaignsEnabled is 'true',
 * and the pages themselves check it (access.tsx), keeping the browser's `cshow` flag in step.
 * /queue-flow-management is always there for admins.
 */
export default defineModule({
  name: 'flows',
  routes: [
    { path: '/flowbuilders', element: lazy(() => import('./list/FlowsPage.tsx')) },
    { path: '/flowbuilder/:id', element: lazy(() => import('./editor/FlowEditorPage.tsx')) },
    { path: '/phrase-lists', element: lazy(() => import('./phrases/PhraseListsPage.tsx')) },
    { path: '/queue-flow-management', element: lazy(() => import('./queueflows/QueueFlowsPage.tsx')) },
  ],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
