import { useTranslation } from 'react-i18next'
import { cx, strokeIcon } from '@atende/ui'
import type { IntegrationType } from './types.ts'

/** A small mark and colours per engine: the spec's "type logo", drawn rather than shipped as images. */
const STYLES: Record<IntegrationType, { className: string; Icon: ReturnType<typeof strokeIcon> }> = {
  dialogflow: {
    className: 'bg-orange-100 text-orange-800 dark:bg-orange-900 dark:text-orange-100',
    Icon: strokeIcon(['M12 3 4 7.5v9L12 21l8-4.5v-9L12 3Z', 'M9 11h.01M15 11h.01M9.5 15c1.5 1 3.5 1 5 0']),
  },
  n8n: {
    className: 'bg-rose-100 text-rose-800 dark:bg-rose-900 dark:text-rose-100',
    Icon: strokeIcon([
      <circle cx="5" cy="12" r="2" />,
      <circle cx="19" cy="7" r="2" />,
      <circle cx="19" cy="17" r="2" />,
      'M7 12h4l6-5M11 12l6 5',
    ]),
  },
  webhook: {
    className: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
    Icon: strokeIcon([
      'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7',
      'M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
    ]),
  },
  typebot: {
    className: 'bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100',
    Icon: strokeIcon([<rect x="4" y="8" width="16" height="12" rx="2" />, 'M12 4v4M9 13h.01M15 13h.01']),
  },
  flowbuilder: {
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900 dark:text-emerald-100',
    Icon: strokeIcon([
      <rect x="3" y="3" width="7" height="6" rx="1" />,
      <rect x="14" y="15" width="7" height="6" rx="1" />,
      'M10 6h4a2 2 0 0 1 2 2v7',
    ]),
  },
}

/** The integration's type as a coloured badge with its mark. */
export function TypeBadge({ type, className }: { type: IntegrationType; className?: string }) {
  const { t } = useTranslation()
  const style = STYLES[type] ?? STYLES.webhook
  return (
    <span
      className={cx(
        'inline-flex items-center gap-1 rounded px-1.5 py-0.5 text-xs font-medium',
        style.className,
        className,
      )}
      data-testid={`integration-type-${type}`}
    >
      <style.Icon className="h-3.5 w-3.5 shrink-0" />
      {t(`integrations.types.${type}`)}
    </span>
  )
}
