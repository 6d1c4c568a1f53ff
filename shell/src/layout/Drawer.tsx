import { usePermissions } from '@atende/client'
import { useEffect, useState, type ComponentType } from 'react'
import { NavLink } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { cx, type ModuleMenuItem } from '@atende/ui'
import type { SessionUser } from '@atende/client'
import { useModules } from '../modules/ModulesProvider.tsx'
import { SlotBoundary } from '../modules/SlotBoundary.tsx'
import { useCompanySettings } from './CompanySettings.tsx'
import { menuItemVisible } from './menuAccess.ts'

export const APP_VERSION = '1.0.1'
/** The connections warning badge appears after a 2 s delay. */
export const BADGE_DELAY_MS = 2000

interface Item {
  label: string
  to: string
  module: string
  icon?: ComponentType<{ className?: string }>
  section: 'main' | 'admin'
  order: number
  superOnly?: boolean
  permission?: string
  requiresSetting?: ModuleMenuItem['requiresSetting']
  badge?: ComponentType
}

/** The drawer's items by role (admin section), super flag, permission and company settings; plan rules already chose the modules. */
function useItems(user: SessionUser) {
  const { menu } = useModules()
  const access = { user, settings: useCompanySettings(), permissions: usePermissions() }
  // Every item comes from a loaded module's `menu` (tickets included: modules/tickets).
  const all: Item[] = [...menu.map((m) => ({ ...m, section: m.section ?? 'main', order: m.order ?? 100 }))].filter(
    (i) => menuItemVisible(i, access),
  )
  const sort = (a: Item, b: Item) => a.order - b.order || a.to.localeCompare(b.to)
  return {
    main: all.filter((i) => i.section === 'main').sort(sort),
    admin: all.filter((i) => i.section === 'admin').sort(sort),
  }
}

/** A module's badge (e.g. connections needing attention), mounted 2 s after the item appears. */
function DelayedBadge({ module, Badge }: { module: string; Badge: ComponentType }) {
  const [shown, setShown] = useState(false)
  useEffect(() => {
    const id = setTimeout(() => setShown(true), BADGE_DELAY_MS)
    return () => clearTimeout(id)
  }, [])
  return shown ? (
    <SlotBoundary name={module}>
      <Badge />
    </SlotBoundary>
  ) : null
}

export function Drawer({
  user,
  open,
  temporary,
  onNavigate,
}: {
  user: SessionUser
  open: boolean
  temporary: boolean
  onNavigate: () => void
}) {
  const { t } = useTranslation()
  const { main, admin } = useItems(user)
  const { modules, pending } = useModules()
  const failed = modules.filter((m) => m.status === 'failed').map((m) => m.manifest.name)
  const compact = !open && !temporary
  // The temporary drawer is a modal overlay: Escape closes it.
  useEffect(() => {
    if (!temporary || !open) return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onNavigate()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [temporary, open, onNavigate])
  const link = (i: Item) => (
    <li key={i.to}>
      <NavLink
        to={i.to}
        onClick={temporary ? onNavigate : undefined}
        title={compact ? t(i.label) : undefined}
        className={({ isActive }) =>
          cx(
            'relative flex items-center gap-3 rounded-md px-3 py-2 text-sm',
            isActive
              ? 'bg-primary text-white dark:bg-slate-100 dark:text-slate-900'
              : 'hover:bg-slate-100 dark:hover:bg-slate-700',
          )
        }
      >
        {i.icon ? (
          <i.icon className="h-5 w-5 shrink-0" />
        ) : (
          <span aria-hidden className="flex h-5 w-5 shrink-0 items-center justify-center text-xs font-bold">
            {t(i.label).slice(0, 1)}
          </span>
        )}
        <span className={cx('min-w-0 truncate', compact && 'sr-only')}>{t(i.label)}</span>
        {i.badge && (
          <span className={compact ? 'absolute right-1 top-1' : 'ml-auto'}>
            <DelayedBadge module={i.module} Badge={i.badge} />
          </span>
        )}
      </NavLink>
    </li>
  )
  if (temporary && !open) return null
  return (
    <>
      {temporary && <div className="fixed inset-0 z-30 bg-black/40" onClick={onNavigate} aria-hidden />}
      <nav
        aria-label="menu"
        aria-busy={pending > 0}
        className={cx(
          'flex shrink-0 flex-col overflow-y-auto border-r border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800',
          temporary ? 'fixed inset-y-0 left-0 z-40 w-64 shadow-xl' : compact ? 'w-16' : 'w-60',
        )}
      >
        {temporary && (
          <p className="flex h-14 shrink-0 items-center bg-primary px-5 text-lg font-bold text-white dark:bg-slate-900">
            Atende
          </p>
        )}
        <ul className="flex flex-col gap-1 p-2">
          {main.map(link)}
          {/* One placeholder row per module still loading: the menu has its shape at once and fills in as remotes arrive. */}
          {Array.from({ length: pending }, (_, i) => (
            <li
              key={`skeleton-${i}`}
              aria-hidden
              data-testid="menu-skeleton"
              className="flex items-center gap-3 px-3 py-2"
            >
              <span className="h-5 w-5 shrink-0 animate-pulse rounded bg-slate-200 dark:bg-slate-700" />
              {!compact && (
                <span
                  className="h-3 flex-1 animate-pulse rounded bg-slate-200 dark:bg-slate-700"
                  style={{ maxWidth: `${60 + ((i * 37) % 40)}%` }}
                />
              )}
            </li>
          ))}
        </ul>
        {admin.length > 0 && (
          <>
            {compact && <hr className="mx-3 border-slate-200 dark:border-slate-700" />}
            <p
              className={cx(
                'px-5 pt-3 text-xs font-semibold uppercase text-slate-500 dark:text-slate-400',
                compact && 'sr-only',
              )}
            >
              {t('layout.admin')}
            </p>
            <ul className="flex flex-col gap-1 p-2">{admin.map(link)}</ul>
          </>
        )}
        {failed.length > 0 && (
          <p
            role="status"
            title={failed.join(', ')}
            className={cx(
              'mx-2 mt-auto rounded bg-amber-50 p-2 text-xs text-amber-800 dark:bg-amber-950 dark:text-amber-200',
              compact && 'sr-only',
            )}
          >
            ⚠ {t('modules.unavailable', { names: failed.join(', ') })}
          </p>
        )}
        <p
          className={cx(
            failed.length ? '' : 'mt-auto',
            'p-3 text-center text-xs text-slate-500 dark:text-slate-400',
            compact && 'sr-only',
          )}
        >
          {t('layout.version', { version: APP_VERSION })}
        </p>
      </nav>
    </>
  )
}
