import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, FieldShell, Loading, Select, TextField } from '@atende/ui'
import type { Condition, MenuOption, NodeDataMap } from '../../types.ts'
import {
  ANSWER_KEY_MAX,
  CONDITION_VALUE_MAX,
  INTERVAL_MAX,
  MENU_OPTION_MAX,
  TEXT_MAX,
  answerKeyError,
  intervalError,
} from '../../validation.ts'
import { useQueueRefs } from '../../queueflows/useQueueRefs.ts'
import { NodeDialogShell, TextAreaField, useNodeForm, type NodeDialogProps } from './Shell.tsx'

/** A message node: its text. */
export function MessageDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['message']>) {
  const { t } = useTranslation()
  const { values, setErrors, field } = useNodeForm(initial, (d) => ({ label: d?.label ?? '' }))
  const submit = () =>
    values.label.trim() ? onSave(values) : setErrors({ label: t('editor.validation.emptyMessage') })
  return (
    <NodeDialogShell kind="message" initial={initial} onClose={onClose} onSubmit={submit}>
      <TextAreaField label={t('editor.message.label')} maxLength={TEXT_MAX} autoFocus {...field('label')} />
    </NodeDialogShell>
  )
}

/** An interval node: seconds to wait, more than 0 and at most 120. */
export function IntervalDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['interval']>) {
  const { t } = useTranslation()
  const { values, setErrors, field } = useNodeForm(initial, (d) => ({ sec: d ? String(d.sec) : '' }))
  const submit = () => {
    const n = Number(values.sec)
    const problem = intervalError(values.sec.trim() === '' ? 0 : n)
    if (problem) return setErrors({ sec: t(problem, { max: INTERVAL_MAX }) })
    onSave({ label: t('editor.interval.nodeLabel', { count: n }), sec: n })
  }
  return (
    <NodeDialogShell kind="interval" initial={initial} onClose={onClose} onSubmit={submit} size="sm">
      <TextField
        label={t('editor.interval.sec')}
        type="number"
        inputMode="numeric"
        min={1}
        max={INTERVAL_MAX}
        step={1}
        autoFocus
        {...field('sec')}
      />
    </NodeDialogShell>
  )
}

/** A menu node: its message and options numbered 1..n; only the last one can be removed. */
export function MenuDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['menu']>) {
  const { t } = useTranslation()
  const { values, setValues, errors, setErrors, field } = useNodeForm(initial, (d) => ({
    message: d?.message ?? '',
    arrayOption: d?.arrayOption ?? [{ number: 1, value: '' }],
  }))
  // An option's error stays with its place in the list, as the options are numbered by place.
  const [optionErrors, setOptionErrors] = useState<Record<number, string>>({})
  const options = values.arrayOption
  const setOptions = (update: (list: MenuOption[]) => MenuOption[]) =>
    setValues((v) => ({ ...v, arrayOption: update(v.arrayOption) }))
  const setOption = (i: number, value: string) => {
    setOptions((list) => list.map((o, j) => (j === i ? { ...o, value } : o)))
    setOptionErrors((e) => ({ ...e, [i]: '' }))
    setErrors((e) => ({ ...e, arrayOption: '' }))
  }
  const submit = () => {
    const blank = Object.fromEntries(
      options.flatMap((o, i) => (o.value.trim() ? [] : [[i, t('editor.validation.required')]])),
    )
    const found = {
      message: values.message.trim() ? '' : t('editor.validation.emptyMessage'),
      arrayOption: options.length ? '' : t('editor.menu.needOption'),
    }
    setOptionErrors(blank)
    setErrors(found)
    if (found.message || found.arrayOption || Object.keys(blank).length) return
    onSave({ message: values.message, arrayOption: options.map((o, i) => ({ number: i + 1, value: o.value.trim() })) })
  }
  return (
    <NodeDialogShell kind="menu" initial={initial} onClose={onClose} onSubmit={submit} size="lg">
      <TextAreaField label={t('editor.menu.message')} maxLength={TEXT_MAX} autoFocus {...field('message')} />
      <div className="flex flex-col gap-2" data-testid="menu-options">
        {options.map((o, i) => (
          <div key={o.number} className="flex items-end gap-2">
            <TextField
              className="flex-1"
              label={t('editor.menu.option', { number: i + 1 })}
              value={o.value}
              maxLength={MENU_OPTION_MAX}
              error={optionErrors[i]}
              onChange={(v) => setOption(i, v)}
            />
            {i === options.length - 1 && options.length > 1 && (
              <Button
                variant="ghost"
                className="text-red-700 dark:text-red-400"
                onClick={() => setOptions((l) => l.slice(0, -1))}
              >
                {t('editor.menu.removeOption')}
              </Button>
            )}
          </div>
        ))}
        {errors.arrayOption && (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {errors.arrayOption}
          </p>
        )}
        <Button
          variant="secondary"
          className="self-start"
          disabled={options.length >= 50}
          onClick={() => setOptions((l) => [...l, { number: l.length + 1, value: '' }])}
        >
          {t('editor.menu.addOption')}
        </Button>
      </div>
    </NodeDialogShell>
  )
}

/** A randomizer: branch A's chance, 0 to 100 in steps of 10; B gets the rest. */
export function RandomizerDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['randomizer']>) {
  const { t } = useTranslation()
  const id = useId()
  const [percent, setPercent] = useState(initial?.percent ?? 50)
  return (
    <NodeDialogShell
      kind="randomizer"
      initial={initial}
      onClose={onClose}
      onSubmit={() => onSave({ percent })}
      size="sm"
    >
      <FieldShell id={id} label={t('editor.randomizer.percent')}>
        <input
          id={id}
          type="range"
          min={0}
          max={100}
          step={10}
          value={percent}
          aria-valuetext={`${percent}%`}
          onChange={(e) => setPercent(Number(e.target.value))}
          className="w-full accent-[var(--color-primary,#006699)]"
        />
      </FieldShell>
      <div className="flex justify-between text-sm" data-testid="randomizer-split">
        <span>{t('editor.randomizer.a', { percent })}</span>
        <span>{t('editor.randomizer.b', { percent: 100 - percent })}</span>
      </div>
    </NodeDialogShell>
  )
}

/** A question ('Pergunta'): the message, and the key the answer is kept under ('Salvar resposta'). */
export function QuestionDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['question']>) {
  const { t } = useTranslation()
  const { values, setErrors, field } = useNodeForm(initial, (d) => ({
    message: d?.typebotIntegration.message ?? '',
    answerKey: d?.typebotIntegration.answerKey ?? '',
  }))
  const submit = () => {
    const keyProblem = answerKeyError(values.answerKey)
    const found = {
      message: values.message.trim() ? undefined : t('editor.validation.required'),
      answerKey: keyProblem ? t(keyProblem) : undefined,
    }
    setErrors(found)
    if (found.message || found.answerKey) return
    onSave({ typebotIntegration: { message: values.message, answerKey: values.answerKey.trim() } })
  }
  return (
    <NodeDialogShell kind="question" initial={initial} onClose={onClose} onSubmit={submit}>
      <TextAreaField label={t('editor.question.message')} maxLength={TEXT_MAX} autoFocus {...field('message')} />
      <TextField
        label={t('editor.question.answerKey')}
        hint={t('editor.question.answerKeyHint')}
        maxLength={ANSWER_KEY_MAX}
        {...field('answerKey')}
      />
    </NodeDialogShell>
  )
}

const CONDITIONS: Condition[] = ['equals', 'contains', 'greater', 'less']

/** A condition: a question's answer (the 'variables' list) compared with a value. */
export function ConditionDialog({
  initial,
  onClose,
  onSave,
  variables,
}: NodeDialogProps<NodeDataMap['condition']> & { variables: string[] }) {
  const { t } = useTranslation()
  const { values, set, errors, setErrors, field } = useNodeForm(initial, (d) => ({
    key: d?.key ?? '',
    condition: d?.condition ?? ('equals' as Condition),
    value: d?.value ?? '',
  }))
  const { key } = values
  const keys = key && !variables.includes(key) ? [key, ...variables] : variables
  return (
    <NodeDialogShell
      kind="condition"
      initial={initial}
      onClose={onClose}
      onSubmit={() => (key ? onSave(values) : setErrors({ key: t('editor.condition.needKey') }))}
    >
      <Select
        label={t('editor.condition.key')}
        placeholder={t('editor.condition.pickKey')}
        options={keys.map((k) => ({ value: k, label: `{{${k}}}` }))}
        {...field('key')}
        error={errors.key ?? (keys.length ? null : t('editor.condition.noVariables'))}
      />
      <Select
        label={t('editor.condition.condition')}
        options={CONDITIONS.map((c) => ({ value: c, label: t(`editor.condition.ops.${c}`) }))}
        value={values.condition}
        onChange={(v) => set('condition', v as Condition)}
      />
      <TextField label={t('editor.condition.value')} maxLength={CONDITION_VALUE_MAX} {...field('value')} />
    </NodeDialogShell>
  )
}

/** A ticket node: the queue the conversation moves to ('Adicione uma fila' without one). */
export function TicketDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['ticket']>) {
  const { t } = useTranslation()
  const [failed, setFailed] = useState(false)
  // A failure shows under the field and leaves an empty list to pick from.
  const loaded = useQueueRefs(() => setFailed(true))
  const queues = failed ? [] : loaded
  const { values, errors, setErrors, field } = useNodeForm(initial, (d) => ({
    queueId: d?.queue.id ? String(d.queue.id) : '',
  }))
  const submit = () => {
    const q = queues?.find((x) => String(x.id) === values.queueId)
    if (!q) return setErrors({ queueId: t('editor.ticket.needQueue') })
    onSave({ queue: { id: q.id, name: q.name } })
  }
  return (
    <NodeDialogShell kind="ticket" initial={initial} onClose={onClose} onSubmit={submit} size="sm">
      {queues === null ? (
        <Loading label={t('flowsCommon.loading')} />
      ) : (
        <Select
          label={t('editor.ticket.queue')}
          placeholder={t('editor.ticket.pickQueue')}
          options={queues.map((q) => ({ value: q.id, label: q.name }))}
          {...field('queueId')}
          error={errors.queueId ?? (failed ? t('queueFlows.queuesError') : null)}
        />
      )}
    </NodeDialogShell>
  )
}
