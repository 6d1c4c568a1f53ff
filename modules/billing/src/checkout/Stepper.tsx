import { useTranslation } from 'react-i18next'
import { cx } from '@atende/ui'

/** The wizard's steps in a row, the current one marked (for screen readers too). */
export function Stepper({ steps, current }: { steps: string[]; current: number }) {
  const { t } = useTranslation()
  return (
    <ol
      className="flex items-center gap-2 text-sm"
      aria-label={t('billing.checkout.stepOf', {
        n: current + 1,
        total: steps.length,
        name: steps[current] ?? '',
      })}
    >
      {steps.map((name, i) => (
        <li
          key={name}
          aria-current={i === current ? 'step' : undefined}
          className={cx(
            'flex items-center gap-2',
            i > 0 && "before:h-px before:w-6 before:bg-slate-300 before:content-['']",
          )}
        >
          <span
            className={cx(
              'flex h-6 w-6 items-center justify-center rounded-full text-xs font-semibold',
              i <= current
                ? 'bg-primary text-white dark:bg-white dark:text-slate-900'
                : 'bg-slate-200 text-slate-600 dark:bg-slate-700 dark:text-slate-300',
            )}
          >
            {i + 1}
          </span>
          <span className={cx(i === current ? 'font-medium' : 'text-slate-500 dark:text-slate-400')}>{name}</span>
        </li>
      ))}
    </ol>
  )
}
