import { createElement, lazy, Suspense } from 'react'
import { defineModule, menuItems, type SlotDialogProps } from '@atende/ui'
import menu from './menu.json'
import pt from './i18n/pt.json'
import en from './i18n/en.json'
import es from './i18n/es.json'

const ProfileDialogLazy = lazy(() => import('./ProfileDialog.tsx'))

/** The profile dialog loads its code only when first opened. */
function ProfileDialog(props: SlotDialogProps) {
  if (!props.open) return null
  return createElement(Suspense, { fallback: null }, createElement(ProfileDialogLazy, props))
}

/**
 * Users: the admin-only /users
 * screen, and /profile where anyone edits themself. `slots.profileDialog` ({ open, onClose }) is
 * the same profile form as a dialog, for the top bar's profile menu. The /users table takes other
 * modules' columns and row actions through the `users.columns` and `users.actions` slots (slots.tsx).
 */
export default defineModule({
  name: 'users',
  routes: [
    { path: '/users', element: lazy(() => import('./UsersPage.tsx')) },
    { path: '/profile', element: lazy(() => import('./ProfilePage.tsx')) },
  ],
  menu: menuItems(menu),
  permissions: ['user-modal:editProfile', 'user-modal:editQueues'],
  i18n: { pt, en, es },
  slots: { profileDialog: ProfileDialog },
})
