import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

/**
 * Prompts: the /prompts screen over /api/prompt, live
 * through the company's prompt events. Admins only; the shell lists it when the company's plan has
 * useOpenAi (plugins/prompts decides; GET /api/modules lists it).
 */
export default defineModule({
  name: 'prompts',
  routes: [{ path: '/prompts', element: lazy(() => import('./PromptsPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
})
