import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import type { SessionUser } from '@atende/client'
import { client } from '../client.ts'
import { useTheme } from '../theme.ts'
import { LanguageMenu } from './LanguageMenu.tsx'

const formatDate = (iso: string) => { const [y, m, d] = iso.slice(0, 10).split('-'); return `${d}/${m}/${y}` }

export function TopBar({ user, drawerOpen, onToggleDrawer }: { user: SessionUser; drawerOpen: boolean; onToggleDrawer: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [theme, toggleTheme] = useTheme()
  const isAdmin = user.profile === 'admin' || user.super

  const logout = async () => {
    await client.api.logout()
    navigate('/login', { replace: true })
  }

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 bg-primary px-3 text-white dark:bg-slate-800">
      <button type="button" onClick={onToggleDrawer} aria-label={drawerOpen ? t('layout.closeMenu') : t('layout.openMenu')} aria-expanded={drawerOpen}
        className="rounded-md p-2 hover:bg-white/10">☰</button>
      <p className="min-w-0 flex-1 truncate text-sm" data-testid="greeting">
        {t('layout.greeting', { name: user.name, company: user.company?.name ?? '' })}
        {isAdmin && user.company?.dueDate && <span className="ml-2 opacity-80">{t('layout.dueDate', { date: formatDate(user.company.dueDate) })}</span>}
      </p>
      <LanguageMenu />
      <button type="button" onClick={toggleTheme} aria-label={theme === 'dark' ? t('layout.lightMode') : t('layout.darkMode')} aria-pressed={theme === 'dark'}
        className="rounded-md p-2 hover:bg-white/10">{theme === 'dark' ? '☀' : '☾'}</button>
      <Menu as="div" className="relative">
        <MenuButton aria-label={t('layout.profile')} className="flex h-8 w-8 items-center justify-center rounded-full bg-white/20 text-sm font-semibold">
          {user.name.slice(0, 1).toUpperCase()}
        </MenuButton>
        <MenuItems anchor="bottom end" className="z-50 mt-1 w-44 rounded-md border border-slate-200 bg-white py-1 text-slate-800 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-800 dark:text-slate-100">
          <MenuItem>
            <button type="button" onClick={logout} className="block w-full px-3 py-2 text-left text-sm data-[focus]:bg-slate-100 dark:data-[focus]:bg-slate-700">{t('layout.logout')}</button>
          </MenuItem>
        </MenuItems>
      </Menu>
    </header>
  )
}
