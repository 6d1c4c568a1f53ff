import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Switch, toast, useErrorToast } from '@atende/ui'
import { PLAN_FLAGS, type Plan } from '../lib/types.ts'

const FLAGS = new Set<string>(PLAN_FLAGS)

/**
 * Readable name of a module key: the flag's label, the module's menu label when known, else the key
 * (a plugin that ships no name). The internal key is shown only to tell two same-named modules apart.
 */
export function useModuleLabel(keys: string[]) {
  const { t, i18n } = useTranslation()
  const name = (key: string) => {
    if (FLAGS.has(key)) return t(`settings.plans.flags.${key}`)
    const own = `settings.plans.moduleNames.${key}`
    if (i18n.exists(own)) return t(own)
    return i18n.exists(`menu.${key}`) ? t(`menu.${key}`) : key
  }
  const names = keys.map(name)
  return (key: string) => {
    const n = name(key)
    return names.filter((m) => m === n).length > 1 ? `${n} (${key})` : n
  }
}

/**
 * Every installed module the plan can switch (the plan's `modules` map: the seven flags and each
 * non-essential plugin), one switch each, saved at once with PUT /plans/:id/modules/:key.
 */
export function PlanModules({ plan, onSaved }: { plan: Plan; onSaved: (p: Plan) => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast()
  const [busy, setBusy] = useState<string | null>(null)
  // The seven flags in the spec's order, then every other module by key.
  const keys = [
    ...PLAN_FLAGS.filter((f) => f in plan.modules),
    ...Object.keys(plan.modules)
      .filter((k) => !FLAGS.has(k))
      .sort(),
  ]
  const label = useModuleLabel(keys)

  async function toggle(key: string, enabled: boolean) {
    setBusy(key)
    try {
      onSaved(await api.put<Plan>(`/plans/${plan.id}/modules/${encodeURIComponent(key)}`, { body: { enabled } }))
      toast.success(
        t('settings.plans.moduleSaved', {
          module: label(key),
          state: t(enabled ? 'settings.common.enabled' : 'settings.common.disabled'),
        }),
      )
    } catch (err) {
      showError(err, 'settings.plans.toasts.errorOperation')
    } finally {
      setBusy(null)
    }
  }

  return (
    <div
      role="group"
      aria-label={t('settings.plans.modulesOf', { name: plan.name })}
      className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3"
    >
      {keys.map((k) => (
        <Switch
          boxed
          key={k}
          label={label(k)}
          checked={plan.modules[k]!}
          disabled={busy === k}
          stateLabel={t(plan.modules[k] ? 'settings.common.enabled' : 'settings.common.disabled')}
          onChange={(on) => void toggle(k, on)}
        />
      ))}
    </div>
  )
}
