import { defineModule, menuItems } from '@atende/ui'
// Empty, and still built: dist/menu.json tells the shell there is no drawer item to wait for.
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'
import { DddColumn } from './DddColumn.tsx'
import { DddButton } from './DddButton.tsx'

/**
 * DDD routing: no page of its own. It
 * adds the users screen's DDDs column (`users.columns`) and each row's DDD dialog button
 * (`users.actions`), both only while the company has dddRoutingEnabled 'enabled'.
 */
export default defineModule({
  name: 'ddd-routing',
  routes: [],
  menu: menuItems(menu),
  i18n: { pt, en, es },
  slots: { extensions: { 'users.columns': DddColumn, 'users.actions': DddButton } },
})
