import { lazy } from 'react'
import { defineModule, menuItems } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'
import { ConsultButton } from './ConsultButton.tsx'

/**
 * Parts: /import-parts ('Importar Peças (Excel)') over /api/part-inventory, and the tickets
 * screen's 'Consultar peças' button (`ticket.actions`) for pending tickets. Both only for a company
 * the super user granted (plugins/parts); the drawer item cannot know the grant, so the page
 * itself says 'Acesso restrito.' to the others.
 */
export default defineModule({
  name: 'parts',
  routes: [{ path: '/import-parts', element: lazy(() => import('./ImportPartsPage.tsx')) }],
  menu: menuItems(menu),
  i18n: { pt, en, es },
  slots: { extensions: { 'ticket.actions': ConsultButton } },
})
