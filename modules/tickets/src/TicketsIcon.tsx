import { menuItems } from '@atende/ui'
import menu from './menu.json'

/** The speech bubble of the tickets menu item (menu.json), also the empty conversation's picture. */
export const TicketsIcon = menuItems(menu)[0]!.icon!
