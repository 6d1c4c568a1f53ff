import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router-dom'
import { cx } from '@atende/ui'

const LINKS = [
  { to: '/financeiro', key: 'invoices' },
  { to: '/subscription', key: 'subscription' },
  { to: '/plans', key: 'plans' },
] as const

/** The three billing pages reach each other (the drawer lists only invoices and plans). */
export function BillingLinks() {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('billing.links.label')} className="flex flex-wrap gap-1 text-sm">
      {LINKS.map(({ to, key }) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) =>
            cx(
              'rounded-md px-3 py-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary',
              isActive
                ? 'bg-primary-light font-medium text-primary dark:bg-slate-600 dark:text-white'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700',
            )
          }
        >
          {t(`billing.links.${key}`)}
        </NavLink>
      ))}
    </nav>
  )
}
