import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import {
  BotPickers,
  bindBotPickers,
  Button,
  Dialog,
  FieldShell,
  Select,
  TabPanel,
  Tabs,
  TextAreaField,
  TextField,
  cx,
  inputClass,
  inputErrorClass,
  rules,
  say,
  toast,
  useFormState,
  useRefusal,
  useSaveRecord,
} from '@atende/ui'
import { OptionsEditor } from './OptionsEditor.tsx'
import { ScheduleFields } from './ScheduleFields.tsx'
import { MESSAGE_MAX, NAME_MAX, NAME_MIN, WEEKDAYS, type Queue, type ScheduleRow } from './types.ts'

type Tab = 'queueData' | 'attendanceTime' | 'options'
interface Values {
  name: string
  color: string
  orderQueue: string
  greetingMessage: string
  outOfHoursMessage: string
  maxAttemptsWithoutResponse: string
  redirectQueueId: string
  integrationId: number | null
  promptId: number | null
  schedules: ScheduleRow[]
}
type Errors = Partial<Record<keyof Values, string>>
const FIELDS = [
  'name',
  'color',
  'orderQueue',
  'greetingMessage',
  'outOfHoursMessage',
  'maxAttemptsWithoutResponse',
  'redirectQueueId',
  'integrationId',
  'promptId',
] as const

/** The default week for a new queue: weekdays 08:00–18:00, Saturday to 12:00, Sunday closed. */
const defaultSchedules = (dayName: (d: string) => string): ScheduleRow[] =>
  WEEKDAYS.map((d) => ({
    weekday: dayName(d),
    weekdayEn: d,
    startTime: d === 'sunday' ? '00:00' : '08:00',
    endTime: d === 'sunday' ? '00:00' : d === 'saturday' ? '12:00' : '18:00',
  }))

const initial = (q: Queue | null, dayName: (d: string) => string): Values => ({
  name: q?.name ?? '',
  color: q?.color ?? '#1e88e5',
  orderQueue: q?.orderQueue == null ? '' : String(q.orderQueue),
  greetingMessage: q?.greetingMessage ?? '',
  outOfHoursMessage: q?.outOfHoursMessage ?? '',
  maxAttemptsWithoutResponse: String(q?.maxAttemptsWithoutResponse ?? 0),
  redirectQueueId: q?.redirectQueueId ?? '',
  integrationId: q?.integrationId ?? null,
  promptId: q?.promptId ?? null,
  schedules: q?.schedules?.length ? q.schedules : defaultSchedules(dayName),
})

export interface QueueDialogProps {
  editing: { queue: Queue | null } | null
  /** Every queue of the company: the redirect choices (never the queue itself). */
  queues: Queue[]
  onClose: () => void
  onSaved: (q: Queue) => void
}

/** Add/edit a queue: tabs queueData, attendanceTime (only with scheduleType 'queue') and the option tree. */
export function QueueDialog({ editing, queues, onClose, onSaved }: QueueDialogProps) {
  const { t } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const refuse = useRefusal()
  const id = useId()
  const dayName = (d: string) => t(`queues.weekdays.${d}`)
  const [queue, setQueue] = useState<Queue | null>(editing?.queue ?? null)
  const form = useFormState(editing, (e) => initial(e?.queue ?? null, dayName))
  const { values, errors, setErrors, set, field, busy, setBusy } = form
  const [tab, setTab] = useState<Tab>('queueData')
  const [byQueue, setByQueue] = useState(false)

  useEffect(() => {
    if (!editing) return
    setQueue(editing.queue)
    setTab('queueData')
    api
      .get<{ key: string; value: string }>('/settings/scheduleType')
      .then((s) => setByQueue(s?.value === 'queue'))
      .catch(() => setByQueue(false))
  }, [editing, api])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found: Errors = {}
    // Blank says 'Obrigatório'; a length names its limit (the server's 2 to 50).
    const nameProblem = say(t, rules.length(NAME_MIN, NAME_MAX)(values.name))
    if (nameProblem) found.name = nameProblem
    const name = values.name.trim()
    const color = values.color.trim()
    if (color.length < 3 || color.length > 9) found.color = t('queues.validation.color')
    // More than one queue once saved: the menu needs a greeting (ERR_WAPP_GREETING_REQUIRED).
    const after = queue ? queues.length : queues.length + 1
    if (after > 1 && !values.greetingMessage.trim()) found.greetingMessage = t('queues.validation.greeting')
    setErrors(found)
    if (Object.keys(found).length) {
      setTab('queueData')
      return
    }
    const body = {
      name,
      color,
      orderQueue: values.orderQueue === '' ? null : Number(values.orderQueue),
      greetingMessage: values.greetingMessage,
      outOfHoursMessage: values.outOfHoursMessage,
      maxAttemptsWithoutResponse: Number(values.maxAttemptsWithoutResponse || 0),
      redirectQueueId: values.redirectQueueId || null,
      integrationId: values.integrationId,
      promptId: values.promptId,
      schedules: values.schedules,
    }
    void save<Queue>({
      path: '/queue',
      id: queue?.id,
      body,
      setBusy,
      then: (saved) => {
        onSaved(saved)
        toast.success(t('queues.saved'))
        // A new queue stays open on its options: they need its id.
        if (!queue) {
          setQueue(saved)
          setTab('options')
        } else onClose()
      },
      // A refusal naming a field shows on the queue's data tab, where the field is.
      failed: (err) => {
        if (refuse<Values>(err, FIELDS, setErrors)) setTab('queueData')
      },
    })
  }

  const area = (key: 'greetingMessage' | 'outOfHoursMessage') => (
    <TextAreaField label={t(`queues.form.${key}`)} {...field(key)} rows={3} maxLength={MESSAGE_MAX} />
  )
  const count = (key: 'orderQueue' | 'maxAttemptsWithoutResponse') => (
    <TextField type="number" min={0} label={t(`queues.form.${key}`)} {...field(key)} />
  )
  const tabs = [
    { key: 'queueData' as const, label: t('queues.form.queueData') },
    ...(byQueue ? [{ key: 'attendanceTime' as const, label: t('queues.form.attendanceTime') }] : []),
    { key: 'options' as const, label: t('queues.form.options') },
  ]
  const redirectChoices = [
    { value: '', label: t('queues.form.noRedirect') },
    ...queues.filter((q) => q.id !== queue?.id).map((q) => ({ value: String(q.id), label: q.name })),
  ]

  return (
    <Dialog
      open={editing != null}
      onClose={() => {
        if (!busy) onClose()
      }}
      size="lg"
      title={t(queue ? 'queues.form.editTitle' : 'queues.form.addTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('queues.form.close')}
          </Button>
          {tab !== 'options' && (
            <Button type="submit" form={`${id}-form`} loading={busy}>
              {t('queues.form.save')}
            </Button>
          )}
        </>
      }
    >
      <Tabs idPrefix={id} label={t('queues.form.sections')} active={tab} onChange={setTab} tabs={tabs} />
      <TabPanel idPrefix={id} active={tab} className="mt-3 flex flex-col gap-3">
        {tab === 'options' ? (
          queue ? (
            <OptionsEditor queueId={queue.id} />
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('queues.options.saveFirst')}</p>
          )
        ) : (
          <form id={`${id}-form`} onSubmit={submit} noValidate className="flex flex-col gap-3">
            {tab === 'queueData' ? (
              <>
                <div className="grid gap-3 sm:grid-cols-3">
                  <TextField label={t('queues.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
                  <FieldShell id={`${id}-color`} label={t('queues.form.color')} error={errors.color}>
                    <div className="flex gap-2">
                      <input
                        type="color"
                        aria-label={t('queues.form.picker')}
                        value={/^#[0-9a-f]{6}$/i.test(values.color) ? values.color : '#000000'}
                        onChange={(e) => set('color', e.target.value)}
                        className="h-9 w-10 rounded border border-slate-300 p-0.5"
                      />
                      <input
                        id={`${id}-color`}
                        value={values.color}
                        maxLength={9}
                        onChange={(e) => set('color', e.target.value)}
                        className={cx(inputClass, 'font-mono', errors.color && inputErrorClass)}
                      />
                    </div>
                  </FieldShell>
                  {count('orderQueue')}
                </div>
                {area('greetingMessage')}
                {area('outOfHoursMessage')}
                <div className="grid gap-3 sm:grid-cols-2">
                  {count('maxAttemptsWithoutResponse')}
                  <Select
                    label={t('queues.form.redirectQueueId')}
                    {...field('redirectQueueId')}
                    options={redirectChoices}
                  />
                </div>
                <BotPickers owner="queue" {...bindBotPickers(form)} />
              </>
            ) : (
              <ScheduleFields rows={values.schedules} onChange={(rows) => set('schedules', rows)} />
            )}
          </form>
        )}
      </TabPanel>
    </Dialog>
  )
}
