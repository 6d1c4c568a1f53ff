import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '@atende/client'
import { ConfirmDialog, EmptyState, Loading, cx, toast, useCollection, useErrorToast } from '@atende/ui'
import { Panel, tdClass, thClass } from '../ui/Panel.tsx'
import { formatMoney } from '../lib/format.ts'
import { PLAN_FLAGS, type Plan } from '../lib/types.ts'
import { EMPTY_PLAN, PlanForm, planBody, planValues, type PlanValues } from './PlanForm.tsx'
import { PlanModules } from './PlanModules.tsx'

/** Plans (super user): form, table with limits, price and the seven flags, and the edited plan's module switches. */
export function PlansTab() {
  const { t, i18n } = useTranslation()
  const showError = useErrorToast()
  const {
    items: plans,
    save: savePlan,
    remove: removePlan,
    replace,
  } = useCollection<Plan>('/plans', '/plans/all', 'settings.plans.toasts.errorList')
  const [values, setValues] = useState<PlanValues>(EMPTY_PLAN)
  const [editing, setEditing] = useState<Plan | null>(null)
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof PlanValues, string>>>({})
  const [saving, setSaving] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const [formKey, setFormKey] = useState(0)

  const clear = () => {
    setEditing(null)
    setValues(EMPTY_PLAN)
    setServerErrors({})
    setFormKey((k) => k + 1)
  }
  const edit = (p: Plan) => {
    setEditing(p)
    setValues(planValues(p))
    setServerErrors({})
  }

  async function save() {
    setSaving(true)
    setServerErrors({})
    try {
      const body = planBody(values)
      const saved = await savePlan(body, editing?.id)
      // Stay on the saved plan so its modules can be switched right away.
      edit(saved)
      toast.success(t('settings.plans.toasts.success'))
    } catch (err) {
      if (isApiError(err) && err.field && err.field in EMPTY_PLAN)
        setServerErrors({ [err.field]: err.code === 'ERR_PLAN_NAME_EXISTS' ? 'planNameTaken' : 'invalid' })
      showError(err, 'settings.plans.toasts.error')
    } finally {
      setSaving(false)
    }
  }

  async function remove() {
    if (!editing) return
    try {
      await removePlan(editing.id)
      clear()
      toast.success(t('settings.toasts.deleted'))
    } catch (err) {
      showError(err, 'settings.plans.toasts.errorOperation')
    } finally {
      setConfirmDelete(false)
    }
  }

  /** A module switch changed the plan: keep the table, the form's flags and the panel in step. */
  const onModuleSaved = (p: Plan) => {
    replace(p)
    setEditing(p)
    setValues((v) => ({ ...v, ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f] ? 'true' : 'false'])) }))
  }

  const yes = (b: boolean) => (b ? t('settings.common.yes') : t('settings.common.no'))
  return (
    <div className="flex flex-col gap-4">
      <Panel title={editing ? t('settings.plans.editTitle', { name: editing.name }) : t('settings.plans.newTitle')}>
        <PlanForm
          key={formKey}
          values={values}
          onChange={setValues}
          editing={!!editing}
          saving={saving}
          serverErrors={serverErrors}
          onSubmit={() => void save()}
          onClear={clear}
          onDelete={() => setConfirmDelete(true)}
        />
      </Panel>
      {editing && (
        <Panel title={t('settings.plans.modulesOf', { name: editing.name })}>
          <p className="mb-3 text-sm text-slate-500 dark:text-slate-400">{t('settings.plans.modulesHint')}</p>
          <PlanModules plan={editing} onSaved={onModuleSaved} />
        </Panel>
      )}
      <Panel title={t('settings.plans.listTitle')}>
        {plans === null ? (
          <Loading />
        ) : plans.length === 0 ? (
          <EmptyState title={t('settings.plans.empty')} />
        ) : (
          <div className="overflow-x-auto">
            <table className="min-w-full text-sm">
              <thead>
                <tr>
                  {['name', 'users', 'connections', 'queues', 'value'].map((c) => (
                    <th key={c} scope="col" className={thClass}>
                      {t(`settings.plans.${c}`)}
                    </th>
                  ))}
                  {PLAN_FLAGS.map((f) => (
                    <th key={f} scope="col" className={thClass}>
                      {t(`settings.plans.flagsShort.${f}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {plans.map((p) => (
                  <tr
                    key={p.id}
                    tabIndex={0}
                    aria-selected={editing?.id === p.id}
                    onClick={() => edit(p)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault()
                        edit(p)
                      }
                    }}
                    className={cx(
                      'cursor-pointer border-t border-slate-100 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary dark:border-slate-700 dark:hover:bg-slate-700/50',
                      editing?.id === p.id && 'bg-primary-light font-semibold dark:bg-slate-700',
                    )}
                  >
                    <td className={tdClass}>{p.name}</td>
                    <td className={tdClass}>{p.users || '∞'}</td>
                    <td className={tdClass}>{p.connections || '∞'}</td>
                    <td className={tdClass}>{p.queues || '∞'}</td>
                    <td className={tdClass}>{formatMoney(p.value, i18n.language)}</td>
                    {PLAN_FLAGS.map((f) => (
                      <td key={f} className={tdClass}>
                        {yes(p[f])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Panel>
      <ConfirmDialog
        open={confirmDelete}
        danger
        title={t('settings.confirm.title')}
        confirmLabel={t('settings.actions.delete')}
        cancelLabel={t('settings.actions.cancel')}
        onConfirm={() => void remove()}
        onClose={() => setConfirmDelete(false)}
      >
        {t('settings.confirm.message')}
      </ConfirmDialog>
    </div>
  )
}
