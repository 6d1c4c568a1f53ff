import { useEffect, useRef, useState } from 'react'
import { Outlet } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import type { SessionUser } from '@atende/client'
import { warnSubscriptionOnce } from '../session.ts'
import { useCompanySettings } from './CompanySettings.tsx'
import { Drawer } from './Drawer.tsx'
import { TopBar } from './TopBar.tsx'
import { useWindowWidth } from './useWidth.ts'

export const TEMPORARY_BELOW = 600
export const OPEN_ABOVE = 1200

/**
 * Temporary drawer under 600 px, permanent otherwise. The permanent drawer starts
 * as the company's sideMenuOpen setting says ('open'/'closed'); until the settings arrive, or when
 * they fail, it is open above 1200 px. Once the user toggles it, the setting no longer moves it.
 * A restricted session (an expired company's admin, `lapsed`) says why only billing is there.
 */
export function Layout({ user, lapsed = false }: { user: SessionUser; lapsed?: boolean }) {
  const { t } = useTranslation()
  const width = useWindowWidth()
  const temporary = width < TEMPORARY_BELOW
  const settings = useCompanySettings()
  const [open, setOpen] = useState(() => window.innerWidth > OPEN_ABOVE)
  const touched = useRef(false)
  useEffect(() => {
    if (temporary) setOpen(false)
  }, [temporary])
  useEffect(() => {
    const initial = settings.values.sideMenuOpen
    if (settings.status !== 'ready' || touched.current || temporary) return
    if (initial === 'open' || initial === 'closed') setOpen(initial === 'open')
    // Only the first answer sets the initial state; later width changes follow the width rules.
  }, [settings.status]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => {
    warnSubscriptionOnce(t, user.company?.dueDate)
  }, [t, user.company?.dueDate])

  const toggle = () => {
    touched.current = true
    setOpen((o) => !o)
  }
  return (
    <div className="flex h-dvh flex-col">
      <TopBar user={user} drawerOpen={open} onToggleDrawer={toggle} />
      <div className="flex min-h-0 flex-1">
        <Drawer user={user} open={open} temporary={temporary} onNavigate={() => setOpen(false)} />
        <main className="min-w-0 flex-1 overflow-auto">
          {lapsed && (
            <p
              role="alert"
              className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
            >
              {t('layout.lapsed')}
            </p>
          )}
          <Outlet />
        </main>
      </div>
    </div>
  )
}
