import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, FieldShell, Loading, Select, TextField } from '@atende/ui'
import type { Condition, MenuOption, NodeDataMap, QueueRef } from '../../types.ts'
import {
  ANSWER_KEY_MAX,
  CONDITION_VALUE_MAX,
  INTERVAL_MAX,
  MENU_OPTION_MAX,
  TEXT_MAX,
  answerKeyError,
  intervalError,
} from '../../validation.ts'
import { NodeDialogShell, TextAreaField, type NodeDialogProps } from './Shell.tsx'

/** A message node: its text. */
export function MessageDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['message']>) {
  const { t } = useTranslation()
  const [label, setLabel] = useState(initial?.label ?? '')
  const [error, setError] = useState<string | null>(null)
  return (
    <NodeDialogShell
      title={t(initial ? 'editor.message.editTitle' : 'editor.message.addTitle')}
      editing={!!initial}
      onClose={onClose}
      onSubmit={() => (label.trim() ? onSave({ label }) : setError(t('editor.validation.emptyMessage')))}
    >
      <TextAreaField
        label={t('editor.message.label')}
        value={label}
        maxLength={TEXT_MAX}
        autoFocus
        error={error}
        onChange={(v) => {
          setLabel(v)
          setError(null)
        }}
      />
    </NodeDialogShell>
  )
}

/** An interval node: seconds to wait, more than 0 and at most 120. */
export function IntervalDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['interval']>) {
  const { t } = useTranslation()
  const [sec, setSec] = useState(initial ? String(initial.sec) : '')
  const [error, setError] = useState<string | null>(null)
  const submit = () => {
    const n = Number(sec)
    const problem = intervalError(sec.trim() === '' ? 0 : n)
    if (problem) return setError(t(problem, { max: INTERVAL_MAX }))
    onSave({ label: t('editor.interval.nodeLabel', { count: n }), sec: n })
  }
  return (
    <NodeDialogShell
      title={t(initial ? 'editor.interval.editTitle' : 'editor.interval.addTitle')}
      editing={!!initial}
      onClose={onClose}
      onSubmit={submit}
      size="sm"
    >
      <TextField
        label={t('editor.interval.sec')}
        type="number"
        inputMode="numeric"
        min={1}
        max={INTERVAL_MAX}
        step={1}
        value={sec}
        autoFocus
        error={error}
        onChange={(v) => {
          setSec(v)
          setError(null)
        }}
      />
    </NodeDialogShell>
  )
}

/** A menu node: its message and options numbered 1..n; only the last one can be removed. */
export function MenuDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['menu']>) {
  const { t } = useTranslation()
  const [message, setMessage] = useState(initial?.message ?? '')
  const [options, setOptions] = useState<MenuOption[]>(initial?.arrayOption ?? [{ number: 1, value: '' }])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const setOption = (i: number, value: string) => {
    setOptions((list) => list.map((o, j) => (j === i ? { ...o, value } : o)))
    setErrors((e) => ({ ...e, [`o${i}`]: '', list: '' }))
  }
  const submit = () => {
    const found: Record<string, string> = {}
    if (!message.trim()) found.message = t('editor.validation.emptyMessage')
    options.forEach((o, i) => {
      if (!o.value.trim()) found[`o${i}`] = t('editor.validation.required')
    })
    if (!options.length) found.list = t('editor.menu.needOption')
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    onSave({ message, arrayOption: options.map((o, i) => ({ number: i + 1, value: o.value.trim() })) })
  }
  return (
    <NodeDialogShell
      title={t(initial ? 'editor.menu.editTitle' : 'editor.menu.addTitle')}
      editing={!!initial}
      onClose={onClose}
      onSubmit={submit}
      size="lg"
    >
      <TextAreaField
        label={t('editor.menu.message')}
        value={message}
        maxLength={TEXT_MAX}
        autoFocus
        error={errors.message}
        onChange={(v) => {
          setMessage(v)
          setErrors((e) => ({ ...e, message: '' }))
        }}
      />
      <div className="flex flex-col gap-2" data-testid="menu-options">
        {options.map((o, i) => (
          <div key={o.number} className="flex items-end gap-2">
            <TextField
              className="flex-1"
              label={t('editor.menu.option', { number: i + 1 })}
              value={o.value}
              maxLength={MENU_OPTION_MAX}
              error={errors[`o${i}`]}
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
        {errors.list && (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {errors.list}
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
      title={t(initial ? 'editor.randomizer.editTitle' : 'editor.randomizer.addTitle')}
      editing={!!initial}
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
  const [message, setMessage] = useState(initial?.typebotIntegration.message ?? '')
  const [answerKey, setAnswerKey] = useState(initial?.typebotIntegration.answerKey ?? '')
  const [errors, setErrors] = useState<{ message?: string | null; answerKey?: string | null }>({})
  const submit = () => {
    const keyProblem = answerKeyError(answerKey)
    const found = {
      message: message.trim() ? null : t('editor.validation.required'),
      answerKey: keyProblem ? t(keyProblem) : null,
    }
    setErrors(found)
    if (found.message || found.answerKey) return
    onSave({ typebotIntegration: { message, answerKey: answerKey.trim() } })
  }
  return (
    <NodeDialogShell
      title={t(initial ? 'editor.question.editTitle' : 'editor.question.addTitle')}
      editing={!!initial}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextAreaField
        label={t('editor.question.message')}
        value={message}
        maxLength={TEXT_MAX}
        autoFocus
        error={errors.message}
        onChange={(v) => {
          setMessage(v)
          setErrors((e) => ({ ...e, message: null }))
        }}
      />
      <TextField
        label={t('editor.question.answerKey')}
        hint={t('editor.question.answerKeyHint')}
        value={answerKey}
        maxLength={ANSWER_KEY_MAX}
        error={errors.answerKey}
        onChange={(v) => {
          setAnswerKey(v)
          setErrors((e) => ({ ...e, answerKey: null }))
        }}
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
  const [key, setKey] = useState(initial?.key ?? '')
  const [condition, setCondition] = useState<Condition>(initial?.condition ?? 'equals')
  const [value, setValue] = useState(initial?.value ?? '')
  const [error, setError] = useState<string | null>(null)
  const keys = key && !variables.includes(key) ? [key, ...variables] : variables
  return (
    <NodeDialogShell
      title={t(initial ? 'editor.condition.editTitle' : 'editor.condition.addTitle')}
      editing={!!initial}
      onClose={onClose}
      onSubmit={() => (key ? onSave({ key, condition, value }) : setError(t('editor.condition.needKey')))}
    >
      <Select
        label={t('editor.condition.key')}
        placeholder={t('editor.condition.pickKey')}
        options={keys.map((k) => ({ value: k, label: `{{${k}}}` }))}
        value={key}
        error={error ?? (keys.length ? null : t('editor.condition.noVariables'))}
        onChange={(v) => {
          setKey(v)
          setError(null)
        }}
      />
      <Select
        label={t('editor.condition.condition')}
        options={CONDITIONS.map((c) => ({ value: c, label: t(`editor.condition.ops.${c}`) }))}
        value={condition}
        onChange={(v) => setCondition(v as Condition)}
      />
      <TextField
        label={t('editor.condition.value')}
        value={value}
        maxLength={CONDITION_VALUE_MAX}
        onChange={setValue}
      />
    </NodeDialogShell>
  )
}

/** A ticket node: the queue the conversation moves to ('Adicione uma fila' without one). */
export function TicketDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['ticket']>) {
  const { t } = useTranslation()
  const api = useApi()
  const { companyId } = useSession()
  const [queues, setQueues] = useState<QueueRef[] | null>(null)
  const [failed, setFailed] = useState(false)
  const [queueId, setQueueId] = useState(initial?.queue.id ? String(initial.queue.id) : '')
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!companyId) return
    const ctrl = new AbortController()
    api
      .get<QueueRef[]>(`/queue-flow/queues/${companyId}`, { signal: ctrl.signal })
      .then(setQueues)
      .catch((err) => {
        if (ctrl.signal.aborted) return
        console.error(err)
        setFailed(true)
        setQueues([])
      })
    return () => ctrl.abort()
  }, [api, companyId])
  const submit = () => {
    const q = queues?.find((x) => String(x.id) === queueId)
    if (!q) return setError(t('editor.ticket.needQueue'))
    onSave({ queue: { id: q.id, name: q.name } })
  }
  return (
    <NodeDialogShell
      title={t(initial ? 'editor.ticket.editTitle' : 'editor.ticket.addTitle')}
      editing={!!initial}
      onClose={onClose}
      onSubmit={submit}
      size="sm"
    >
      {queues === null ? (
        <Loading label={t('flowsCommon.loading')} />
      ) : (
        <Select
          label={t('editor.ticket.queue')}
          placeholder={t('editor.ticket.pickQueue')}
          options={queues.map((q) => ({ value: q.id, label: q.name }))}
          value={queueId}
          error={error ?? (failed ? t('queueFlows.queuesError') : null)}
          onChange={(v) => {
            setQueueId(v)
            setError(null)
          }}
        />
      )}
    </NodeDialogShell>
  )
}
