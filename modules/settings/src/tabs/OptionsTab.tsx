import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Select, Switch, toast, useErrorToast } from '@atende/ui'
import { Panel } from '../ui/Panel.tsx'
import type { Setting } from '../lib/types.ts'

/**
 * The options with the values core/kernel/src/settings.ts allows.
 * 'switch' settings take enabled/disabled; 'select' ones list their values.
 * campaignsEnabled is not here: the super user sets it per company in the Companies tab.
 */
type OptionDef =
  | { key: string; kind: 'switch'; on: string; off: string; superOnly?: boolean }
  | { key: string; kind: 'select'; values: string[]; superOnly?: boolean }

const enabled = { kind: 'switch' as const, on: 'enabled', off: 'disabled' }
export const OPTIONS: OptionDef[] = [
  { key: 'userRating', ...enabled },
  { key: 'scheduleType', kind: 'select', values: ['disabled', 'queue', 'company'] },
  { key: 'CheckMsgIsGroup', ...enabled },
  { key: 'call', ...enabled },
  { key: 'chatBotType', kind: 'select', values: ['text'] },
  { key: 'sendGreetingAccepted', ...enabled },
  { key: 'sendMsgTransfTicket', ...enabled },
  { key: 'sendGreetingMessageOneQueues', ...enabled },
  // Sign-up is a platform switch read from the platform company (plugins/settings PUBLIC_KEYS).
  { key: 'userCreation', ...enabled, superOnly: true },
  { key: 'sideMenuOpen', kind: 'select', values: ['open', 'closed'] },
  { key: 'dddRoutingEnabled', ...enabled },
  { key: 'apiTokensEnabled', ...enabled },
  { key: 'asaas', ...enabled },
]

export function OptionsTab({
  settings,
  isSuper,
  onSaved,
}: {
  settings: Setting[]
  isSuper: boolean
  onSaved: (s: Setting) => void
}) {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast()
  const [saving, setSaving] = useState<string | null>(null)
  const value = (key: string) => settings.find((s) => s.key === key)?.value

  /** Saved on change; the control shows the new value only once the server accepted it (so a failure reverts). */
  async function save(key: string, next: string) {
    setSaving(key)
    try {
      const saved = await api.put<Setting>(`/settings/${key}`, { body: { key, value: next } })
      onSaved(saved)
      toast.success(t('settings.toasts.success'))
    } catch (err) {
      showError(err, 'settings.toasts.error')
    } finally {
      setSaving(null)
    }
  }

  const known = new Set(settings.map((s) => s.key))
  const visible = OPTIONS.filter((o) => known.has(o.key) && (!o.superOnly || isSuper))
  return (
    <Panel title={t('settings.options.title')}>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
        {visible.map((o) => {
          const current = value(o.key) ?? ''
          const label = t(`settings.options.${o.key}.label`)
          if (o.kind === 'switch') {
            const checked = current === o.on
            return (
              <Switch
                boxed
                key={o.key}
                label={label}
                checked={checked}
                disabled={saving === o.key}
                stateLabel={t(`settings.options.${o.key}.${checked ? o.on : o.off}`)}
                onChange={(c) => void save(o.key, c ? o.on : o.off)}
              />
            )
          }
          return (
            <Select
              key={o.key}
              label={label}
              value={current}
              disabled={saving === o.key}
              options={o.values.map((v) => ({ value: v, label: t(`settings.options.${o.key}.${v}`) }))}
              onChange={(v) => void save(o.key, v)}
            />
          )
        })}
      </div>
      <PlatformSwitches on={value('campaignsEnabled') === 'true'} isSuper={isSuper} />
    </Panel>
  )
}

/**
 * Campaigns, contact lists, phrase campaigns and the flow builder hang on campaignsEnabled, a
 * switch of the platform's administrator (Companies tab), not of this company's admin: an admin
 * whose menu lacks them is told why and who turns them on, rather than seeing nothing.
 */
function PlatformSwitches({ on, isSuper }: { on: boolean; isSuper: boolean }) {
  const { t } = useTranslation()
  return (
    <p
      className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
      data-testid="settings-campaigns-note"
      data-on={on}
    >
      {t(on ? 'settings.options.campaignsNote.on' : 'settings.options.campaignsNote.off')}{' '}
      {t(isSuper ? 'settings.options.campaignsNote.super' : 'settings.options.campaignsNote.who')}
    </p>
  )
}
