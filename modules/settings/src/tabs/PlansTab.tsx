import { useTranslation } from 'react-i18next'
import { EmptyState, Loading, cx, toast, useCollection } from '@atende/ui'
import { Panel } from '../ui/Panel.tsx'
import { DeleteConfirm } from '../ui/FormActions.tsx'
import { PickTable, type PickColumn } from '../ui/PickTable.tsx'
import { formatMoney } from '../lib/format.ts'
import { PLAN_FLAGS, type Plan } from '../lib/types.ts'
import { EMPTY_PLAN, PlanForm, planBody, planValues, type PlanValues } from './PlanForm.tsx'
import { PlanModules } from './PlanModules.tsx'
import { useRecordForm } from '../lib/useRecordForm.ts'

/** Plans (super user): form, table with limits, price and the seven flags, and the edited plan's module switches. */
export function PlansTab() {
  const { t, i18n } = useTranslation()
  const {
    items: plans,
    save: savePlan,
    remove: removePlan,
    replace,
  } = useCollection<Plan>('/plans', '/plans/all', 'settings.plans.toasts.errorList')
  const form = useRecordForm<Plan, PlanValues>(EMPTY_PLAN, planValues)
  const { editing, edit } = form

  const save = () =>
    form.save(
      async () => {
        // Stay on the saved plan so its modules can be switched right away.
        edit(await savePlan(planBody(form.values), editing?.id))
        toast.success(t('settings.plans.toasts.success'))
      },
      'settings.plans.toasts.error',
      { code: 'ERR_PLAN_NAME_EXISTS', word: 'planNameTaken' },
    )

  /** A module switch changed the plan: keep the table, the form's flags and the panel in step. */
  const onModuleSaved = (p: Plan) => {
    replace(p)
    form.setEditing(p)
    form.setValues((v) => ({ ...v, ...Object.fromEntries(PLAN_FLAGS.map((f) => [f, p[f] ? 'true' : 'false'])) }))
  }

  const yes = (b: boolean) => (b ? t('settings.common.yes') : t('settings.common.no'))
  const columns: PickColumn<Plan>[] = [
    { key: 'name', header: t('settings.plans.name'), cell: (p) => p.name },
    ...(['users', 'connections', 'queues'] as const).map((c) => ({
      key: c,
      header: t(`settings.plans.${c}`),
      cell: (p: Plan) => p[c] || '∞',
    })),
    { key: 'value', header: t('settings.plans.value'), cell: (p) => formatMoney(p.value, i18n.language) },
    ...PLAN_FLAGS.map((f) => ({ key: f, header: t(`settings.plans.flagsShort.${f}`), cell: (p: Plan) => yes(p[f]) })),
  ]
  return (
    <div className="flex flex-col gap-4">
      <Panel title={editing ? t('settings.plans.editTitle', { name: editing.name }) : t('settings.plans.newTitle')}>
        <PlanForm key={form.formKey} {...form.formProps} onSubmit={() => void save()} />
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
            <PickTable
              columns={columns}
              rows={plans}
              picked={editing?.id ?? null}
              onPick={edit}
              rowClass={(_, picked) =>
                cx(
                  'hover:bg-slate-50 dark:hover:bg-slate-700/50',
                  picked && 'bg-primary-light font-semibold dark:bg-slate-700',
                )
              }
            />
          </div>
        )}
      </Panel>
      <DeleteConfirm
        open={form.confirmDelete}
        onConfirm={() => void form.remove((p) => removePlan(p.id), 'settings.plans.toasts.errorOperation')}
        onClose={() => form.setConfirmDelete(false)}
      />
    </div>
  )
}
