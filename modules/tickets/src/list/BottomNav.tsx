import { useTranslation } from 'react-i18next'
import { cx } from '@atende/ui'

export type MobilePane = 'list' | 'ticket'

/** Narrow screens: one pane at a time, switched here. */
export function BottomNav({
  pane,
  onChange,
  hasTicket,
}: {
  pane: MobilePane
  onChange: (p: MobilePane) => void
  hasTicket: boolean
}) {
  const { t } = useTranslation()
  const item = (key: MobilePane, label: string, disabled = false) => (
    <button
      type="button"
      aria-pressed={pane === key}
      disabled={disabled}
      data-testid={`bottom-nav-${key}`}
      onClick={() => onChange(key)}
      className={cx(
        'flex-1 py-3 text-sm font-medium focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary disabled:opacity-40',
        pane === key ? 'text-primary dark:text-sky-300' : 'text-slate-600 dark:text-slate-300',
      )}
    >
      {label}
    </button>
  )
  return (
    <nav
      aria-label={t('tickets.page.navigation')}
      className="flex shrink-0 border-t border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-800"
    >
      {item('list', t('tickets.page.attendances'))}
      {item('ticket', t('tickets.page.ticket'), !hasTicket)}
    </nav>
  )
}
