import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, FormDialog, Select, TextAreaField, TextField, useSaveRecord } from '@atende/ui'
import { fail, ok } from '../access.tsx'
import type { QueueFlowInput, QueueFlowWire, QueueRef } from '../types.ts'
import { DESCRIPTION_MAX, NAME_MAX, SUB_FLOW_NAME_MAX, TEXT_MAX } from '../validation.ts'

interface Option {
  key: number
  name: string
  description: string
  targetQueueId: string
  welcomeMessage: string
}
interface Values {
  name: string
  description: string
  queueId: string
  welcomeMessage: string
  subFlows: Option[]
}

let keys = 0
const option = (o?: Partial<Option>): Option => ({
  key: ++keys,
  name: '',
  description: '',
  targetQueueId: '',
  welcomeMessage: '',
  ...o,
})
const initial = (f: QueueFlowWire | null): Values => ({
  name: f?.name ?? '',
  description: f?.description ?? '',
  queueId: f ? String(f.queueId) : '',
  welcomeMessage: f?.welcomeMessage ?? '',
  subFlows: f
    ? f.subFlows.map((s) =>
        option({
          name: s.name,
          description: s.description,
          targetQueueId: String(s.targetQueueId),
          welcomeMessage: s.welcomeMessage,
        }),
      )
    : [option()],
})

/** The body POST and PUT /queue-flow/sub-flows take (trimmed; empty optional texts sent as ''). */
export function queueFlowBody(v: Values, isActive?: boolean): QueueFlowInput {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    queueId: Number(v.queueId),
    welcomeMessage: v.welcomeMessage,
    ...(isActive === undefined ? {} : { isActive }),
    subFlows: v.subFlows.map((s) => ({
      name: s.name.trim(),
      description: s.description.trim(),
      targetQueueId: Number(s.targetQueueId),
      welcomeMessage: s.welcomeMessage,
    })),
  }
}

/** The rules of a queue flow's save, as the i18n key of the first one broken. */
export function queueFlowError(v: Values): string | null {
  if (!v.name.trim() || !v.queueId) return 'queueFlows.validation.nameAndQueue'
  if (!v.subFlows.length) return 'queueFlows.validation.needOption'
  if (v.subFlows.some((s) => !s.name.trim() || !s.targetQueueId)) return 'queueFlows.validation.option'
  return null
}

export interface QueueFlowDialogProps {
  editing: { flow: QueueFlowWire | null } | null
  queues: QueueRef[]
  onClose: () => void
  onSaved: () => void
}

/** 'Novo Fluxo de Filas' / edit: the main queue, its welcome message and the repeatable sub-queue options. */
export function QueueFlowDialog({ editing, queues, onClose, onSaved }: QueueFlowDialogProps) {
  const { t } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const { companyId } = useSession()
  const flow = editing?.flow ?? null
  const [values, setValues] = useState<Values>(() => initial(null))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!editing) return
    setValues(initial(editing.flow))
    setError(null)
  }, [editing])

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setError(null)
  }
  /** A text of the queue flow: its value and change. */
  const bind = (key: 'name' | 'description' | 'queueId' | 'welcomeMessage') => ({
    value: values[key],
    onChange: (v: string) => set(key, v),
  })
  const setOption = (key: number, patch: Partial<Option>) => {
    setValues((v) => ({ ...v, subFlows: v.subFlows.map((s) => (s.key === key ? { ...s, ...patch } : s)) }))
    setError(null)
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const problem = queueFlowError(values)
    if (problem) {
      setError(t(problem))
      return fail(t(problem))
    }
    void save({
      send: () =>
        flow
          ? api.put(`/queue-flow/sub-flows/${flow.id}`, { body: queueFlowBody(values, flow.isActive) })
          : api.post(`/queue-flow/sub-flows/company/${companyId}`, { body: queueFlowBody(values) }),
      setBusy,
      then: () => {
        ok(t(flow ? 'queueFlows.updated' : 'queueFlows.created'))
        onSaved()
        onClose()
      },
      failed: (err) => {
        console.error(err)
        fail(t('queueFlows.saveError'))
      },
    })
  }

  const queueOptions = queues.map((q) => ({ value: q.id, label: q.name }))
  return (
    <FormDialog
      open={editing != null}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      size="xl"
      className="flex max-h-[65vh] flex-col gap-4 overflow-y-auto p-0.5"
      ns="queueFlows"
      adds={!flow}
      submitLabel={t(busy ? 'queueFlows.form.saving' : 'flowsCommon.save')}
    >
      <TextField label={t('queueFlows.form.name')} {...bind('name')} autoFocus maxLength={NAME_MAX} />
      <TextField label={t('queueFlows.form.description')} {...bind('description')} maxLength={DESCRIPTION_MAX} />
      <Select
        label={t('queueFlows.form.queue')}
        placeholder={t('queueFlows.form.pickQueue')}
        options={queueOptions}
        {...bind('queueId')}
      />
      <TextAreaField label={t('queueFlows.form.welcome')} {...bind('welcomeMessage')} rows={3} maxLength={TEXT_MAX} />
      <div className="flex flex-col gap-3">
        <h3 className="text-sm font-semibold">{t('queueFlows.form.options')}</h3>
        {values.subFlows.map((s, i) => (
          <fieldset
            key={s.key}
            className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-600"
            data-testid={`queue-flow-option-${i + 1}`}
            aria-label={t('queueFlows.form.option', { n: i + 1 })}
          >
            <div className="flex items-center">
              <span className="mr-auto text-sm font-semibold">{t('queueFlows.form.option', { n: i + 1 })}</span>
              <Button
                variant="ghost"
                className="px-2 py-1 text-red-700 dark:text-red-400"
                aria-label={t('queueFlows.form.removeOption', { n: i + 1 })}
                onClick={() =>
                  set(
                    'subFlows',
                    values.subFlows.filter((x) => x.key !== s.key),
                  )
                }
              >
                {t('queueFlows.form.remove')}
              </Button>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={t('queueFlows.form.optionName')}
                value={s.name}
                maxLength={SUB_FLOW_NAME_MAX}
                onChange={(v) => setOption(s.key, { name: v })}
              />
              <Select
                label={t('queueFlows.form.target')}
                placeholder={t('queueFlows.form.pickQueue')}
                options={queueOptions}
                value={s.targetQueueId}
                onChange={(v) => setOption(s.key, { targetQueueId: v })}
              />
            </div>
            <TextField
              label={t('queueFlows.form.optionDescription')}
              value={s.description}
              maxLength={DESCRIPTION_MAX}
              onChange={(v) => setOption(s.key, { description: v })}
            />
            <TextAreaField
              label={t('queueFlows.form.optionWelcome')}
              value={s.welcomeMessage}
              rows={2}
              maxLength={TEXT_MAX}
              onChange={(v) => setOption(s.key, { welcomeMessage: v })}
            />
          </fieldset>
        ))}
        <Button
          variant="secondary"
          className="self-start"
          disabled={values.subFlows.length >= 30}
          onClick={() => set('subFlows', [...values.subFlows, option()])}
        >
          {t('queueFlows.form.addOption')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400" data-testid="queue-flow-error">
          {error}
        </p>
      )}
    </FormDialog>
  )
}
