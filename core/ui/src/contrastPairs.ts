/**
 * The kit's and the shell's text-on-background pairs, by theme token (Tailwind colour names and the
 * kit's own `primary` tokens, core/ui/src/theme.css). shell/test/unit/theme-contrast.test.ts
 * resolves every token from the stylesheets and checks WCAG AA (4.5:1) in both themes; a new pair
 * of colours in the kit belongs here. `bg` may list layers, bottom first (a translucent one as
 * 'black/25').
 */
export interface ContrastPair {
  name: string
  light: [fg: string, ...bg: string[]]
  dark: [fg: string, ...bg: string[]]
}

export const CONTRAST_PAIRS: ContrastPair[] = [
  { name: 'body text', light: ['slate-900', 'slate-50'], dark: ['slate-100', 'slate-900'] },
  { name: 'top bar', light: ['white', 'primary'], dark: ['white', 'slate-800'] },
  {
    name: 'top bar profile initial',
    light: ['white', 'primary', 'black/25'],
    dark: ['white', 'slate-800', 'black/25'],
  },
  { name: 'drawer item', light: ['slate-900', 'white'], dark: ['slate-100', 'slate-800'] },
  { name: 'drawer active item', light: ['white', 'primary'], dark: ['slate-900', 'slate-100'] },
  { name: 'drawer section label / version', light: ['slate-500', 'white'], dark: ['slate-400', 'slate-800'] },
  { name: 'secondary text on the page', light: ['slate-500', 'slate-50'], dark: ['slate-400', 'slate-900'] },
  { name: 'secondary text on a card', light: ['slate-500', 'white'], dark: ['slate-400', 'slate-800'] },
  { name: 'field label', light: ['slate-700', 'white'], dark: ['slate-200', 'slate-800'] },
  { name: 'active tab', light: ['primary', 'white'], dark: ['sky-300', 'slate-800'] },
  { name: 'inactive tab', light: ['slate-600', 'white'], dark: ['slate-300', 'slate-800'] },
  { name: 'primary button', light: ['white', 'primary'], dark: ['slate-900', 'white'] },
  { name: 'danger button', light: ['white', 'red-700'], dark: ['white', 'red-700'] },
  { name: 'secondary button', light: ['slate-700', 'white'], dark: ['slate-100', 'slate-800'] },
  { name: 'toast success', light: ['white', 'green-700'], dark: ['white', 'green-700'] },
  { name: 'toast error', light: ['white', 'red-700'], dark: ['white', 'red-700'] },
  { name: 'toast info', light: ['white', 'primary'], dark: ['white', 'primary'] },
  { name: 'toast warning', light: ['white', 'amber-700'], dark: ['white', 'amber-700'] },
  { name: 'badge primary', light: ['primary', 'primary-light'], dark: ['white', 'slate-600'] },
  { name: 'badge neutral', light: ['slate-700', 'slate-100'], dark: ['slate-200', 'slate-700'] },
  { name: 'badge success', light: ['green-800', 'green-100'], dark: ['green-200', 'green-900'] },
  { name: 'badge warning', light: ['amber-800', 'amber-100'], dark: ['amber-200', 'amber-900'] },
  { name: 'badge danger', light: ['red-800', 'red-100'], dark: ['red-200', 'red-900'] },
  { name: 'error card', light: ['red-800', 'red-50'], dark: ['red-200', 'red-950'] },
  { name: 'unread badge (notifications)', light: ['white', 'red-700'], dark: ['white', 'red-700'] },
  { name: 'unread count (notifications)', light: ['white', 'emerald-700'], dark: ['white', 'emerald-700'] },
  { name: 'ticket accept button', light: ['white', 'green-700'], dark: ['white', 'green-700'] },
  { name: 'ticket resolve button', light: ['white', 'red-700'], dark: ['white', 'red-700'] },
  { name: 'ticket reopen button', light: ['white', 'primary'], dark: ['white', 'sky-700'] },
  { name: 'ticket unread count', light: ['white', 'green-700'], dark: ['white', 'green-700'] },
  { name: 'avatar initials on sky-700', light: ['white', 'sky-700'], dark: ['white', 'sky-700'] },
  { name: 'avatar initials on emerald-700', light: ['white', 'emerald-700'], dark: ['white', 'emerald-700'] },
  { name: 'avatar initials on violet-600', light: ['white', 'violet-600'], dark: ['white', 'violet-600'] },
  { name: 'avatar initials on amber-700', light: ['white', 'amber-700'], dark: ['white', 'amber-700'] },
  { name: 'avatar initials on rose-700', light: ['white', 'rose-700'], dark: ['white', 'rose-700'] },
  { name: 'avatar initials on teal-700', light: ['white', 'teal-700'], dark: ['white', 'teal-700'] },
  { name: 'avatar initials on indigo-600', light: ['white', 'indigo-600'], dark: ['white', 'indigo-600'] },
  { name: 'avatar initials on fuchsia-700', light: ['white', 'fuchsia-700'], dark: ['white', 'fuchsia-700'] },
]
