import { useState } from 'react'
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import type { SessionUser } from '@atende/client'
import { client } from '../client.ts'
import { useTheme } from '../theme.ts'
import { useModules } from '../modules/ModulesProvider.tsx'
import { SlotBoundary } from '../modules/SlotBoundary.tsx'
import { LanguageMenu } from './LanguageMenu.tsx'
import { ProfileDialog } from './ProfileDialog.tsx'
import { VolumeControl } from './VolumeControl.tsx'
import { useWindowWidth } from './useWidth.ts'
import { MenuIcon, MoonIcon, RefreshIcon, SunIcon } from './icons.tsx'

const formatDate = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-')
  return `${d}/${m}/${y}`
}
const NARROW_BELOW = 640
const iconButton = 'rounded-md p-2 hover:bg-white/10 focus:outline-none focus-visible:ring-2 focus-visible:ring-white'
const menuItem = 'block w-full px-3 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700'

/** Greeting (+ due date for admins), module popovers, volume, refresh, language, theme, profile menu. */
export function TopBar({
  user,
  drawerOpen,
  onToggleDrawer,
}: {
  user: SessionUser
  drawerOpen: boolean
  onToggleDrawer: () => void
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [theme, toggleTheme] = useTheme()
  const { slots } = useModules()
  const [profileOpen, setProfileOpen] = useState(false)
  const narrow = useWindowWidth() < NARROW_BELOW
  const isAdmin = user.profile === 'admin' || user.super
  const ModuleProfileDialog = slots.profileDialog?.Component

  const logout = async () => {
    await client.api.logout()
    navigate('/login', { replace: true })
  }

  return (
    <header className="flex h-14 shrink-0 items-center gap-1 bg-primary px-2 text-white sm:gap-2 sm:px-3 dark:bg-slate-800">
      <button
        type="button"
        onClick={onToggleDrawer}
        aria-label={drawerOpen ? t('layout.closeMenu') : t('layout.openMenu')}
        aria-expanded={drawerOpen}
        className={iconButton}
      >
        <MenuIcon />
      </button>
      <p className="min-w-0 flex-1 truncate text-sm" data-testid="greeting">
        {t('layout.greeting', { name: user.name, company: user.company?.name ?? '' })}
        {isAdmin && user.company?.dueDate && (
          <span className="ml-2 hidden opacity-80 md:inline">
            {t('layout.dueDate', { date: formatDate(user.company.dueDate) })}
          </span>
        )}
      </p>
      {slots.topBar.map(({ key, module, Component }) => (
        <SlotBoundary key={key} name={module}>
          <Component />
        </SlotBoundary>
      ))}
      <VolumeControl />
      {!narrow && (
        <button
          type="button"
          onClick={() => window.location.reload()}
          aria-label={t('layout.refresh')}
          title={t('layout.refresh')}
          className={iconButton}
        >
          <RefreshIcon />
        </button>
      )}
      <LanguageMenu />
      <button
        type="button"
        onClick={toggleTheme}
        aria-label={theme === 'dark' ? t('layout.lightMode') : t('layout.darkMode')}
        aria-pressed={theme === 'dark'}
        title={theme === 'dark' ? t('layout.lightMode') : t('layout.darkMode')}
        className={iconButton}
      >
        {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
      </button>
      <Menu as="div" className="relative">
        <MenuButton
          aria-label={t('layout.profile')}
          className="ml-1 flex h-8 w-8 items-center justify-center rounded-full bg-black/25 text-sm font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-white"
        >
          {user.name.slice(0, 1).toUpperCase()}
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          className="z-50 mt-1 w-48 rounded-md border border-slate-200 bg-white py-1 text-slate-800 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100"
        >
          <div className="border-b border-slate-200 px-3 py-2 text-xs text-slate-500 dark:border-slate-700 dark:text-slate-400">
            <p className="truncate font-medium text-slate-700 dark:text-slate-200">{user.name}</p>
            <p className="truncate">{user.email}</p>
          </div>
          <MenuItem>
            <button type="button" onClick={() => setProfileOpen(true)} className={menuItem}>
              {t('layout.editProfile')}
            </button>
          </MenuItem>
          {/* Under 640 px the refresh button lives here, to leave the bar room for the greeting. */}
          {narrow && (
            <MenuItem>
              <button type="button" onClick={() => window.location.reload()} className={menuItem}>
                {t('layout.refresh')}
              </button>
            </MenuItem>
          )}
          <MenuItem>
            <button type="button" onClick={logout} className={menuItem}>
              {t('layout.logout')}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
      {ModuleProfileDialog ? (
        <SlotBoundary name={slots.profileDialog!.module}>
          <ModuleProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} />
        </SlotBoundary>
      ) : (
        <ProfileDialog open={profileOpen} onClose={() => setProfileOpen(false)} user={user} />
      )}
    </header>
  )
}
