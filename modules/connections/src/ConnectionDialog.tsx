import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError } from '@atende/client'
import {
  BotPickers,
  bindBotPickers,
  Button,
  CheckboxField,
  CopyButton,
  Dialog,
  FormDialog,
  Select,
  TabPanel,
  Tabs,
  TextAreaField,
  TextField,
  say,
  toast,
  useFormState,
  useRefusal,
  useSaveRecord,
  type FieldErrors,
} from '@atende/ui'
import { HoursFields } from './HoursFields.tsx'
import { QueuesField } from './QueuesField.tsx'
import { TokenField, tokenError, type TokenChange } from './TokenField.tsx'
import { hoursErrors, hoursRows, toSchedules, type HoursRow } from './schedules.ts'
import type { Connection } from './types.ts'
import { NAME_MAX, NUMBER_FIELDS, TEXT_FIELDS, TEXT_MAX, countError, nameError } from './validation.ts'

type TextKey = (typeof TEXT_FIELDS)[number]
type NumberKey = (typeof NUMBER_FIELDS)[number]
interface Values extends Record<TextKey | NumberKey, string> {
  name: string
  provider: string
  isDefault: boolean
  token: TokenChange
  hours: HoursRow[]
  queueIds: number[]
  integrationId: number | null
  promptId: number | null
}
type Tab = 'general' | 'hours' | 'advanced'

/** The fields a refusal of the server may name (the hours are refused as `schedules…`). */
const FIELDS: readonly Exclude<keyof Values, 'hours'>[] = [
  'name',
  'provider',
  'isDefault',
  'token',
  'queueIds',
  'integrationId',
  'promptId',
  ...TEXT_FIELDS,
  ...NUMBER_FIELDS,
]
/** The tab that holds a field (for a field the server refused). */
const tabOf = (field: string): Tab =>
  field.startsWith('schedules')
    ? 'hours'
    : (NUMBER_FIELDS as readonly string[]).includes(field) || field === 'token' || field === 'expiresInactiveMessage'
      ? 'advanced'
      : 'general'

function initial(c: Connection | null): Values {
  return {
    name: c?.name ?? '',
    provider: c?.provider ?? 'simulator',
    isDefault: c?.isDefault ?? false,
    token: '',
    greetingMessage: c?.greetingMessage ?? '',
    complationMessage: c?.complationMessage ?? '',
    outOfHoursMessage: c?.outOfHoursMessage ?? '',
    ratingMessage: c?.ratingMessage ?? '',
    expiresInactiveMessage: c?.expiresInactiveMessage ?? '',
    expiresTicket: String(c?.expiresTicket ?? 0),
    timeUseBotQueues: String(c?.timeUseBotQueues ?? 0),
    maxUseBotQueues: String(c?.maxUseBotQueues ?? 3),
    maxAttemptsWithoutResponse: String(c?.maxAttemptsWithoutResponse ?? 0),
    timeToTransfer: String(c?.timeToTransfer ?? 0),
    hours: hoursRows(c?.schedules),
    queueIds: c?.queueIds ?? [],
    integrationId: c?.integrationId ?? null,
    promptId: c?.promptId ?? null,
  }
}

export interface ConnectionDialogProps {
  /** null: closed; { connection: null }: add. */
  editing: { connection: Connection | null } | null
  onClose: () => void
  save: (body: unknown, id?: number) => Promise<Connection>
}

/**
 * Add/edit a connection: messages on "Geral", the weekly
 * business hours on their own tab, counters and the token on "Avançado". The queues, and the
 * integration and prompt the connection's customers are answered by (each only with its plan flag),
 * on "Geral"; the transfer queue is still to come.
 */
export function ConnectionDialog({ editing, onClose, save }: ConnectionDialogProps) {
  const { t, i18n } = useTranslation()
  const id = useId()
  const connection = editing?.connection ?? null
  const refuse = useRefusal()
  const form = useFormState(editing, (e) => initial(e?.connection ?? null))
  const { values, errors, setErrors, field, dialog, setBusy } = form
  const saveRecord = useSaveRecord()
  const [hourErrors, setHourErrors] = useState<Record<string, string>>({})
  const [tab, setTab] = useState<Tab>('general')
  const [revealed, setRevealed] = useState<{ name: string; token: string } | null>(null)

  useEffect(() => {
    if (!editing) return
    setHourErrors({})
    setTab('general')
    setRevealed(null)
  }, [editing])

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    form.set(key, value)
    if (key === 'hours') setHourErrors({})
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found: FieldErrors<Values> = {}
    const n = nameError(values.name)
    if (n) found.name = say(t, n)!
    for (const k of NUMBER_FIELDS) {
      const err = countError(values[k])
      if (err) found[k] = t(err)
    }
    const badToken = tokenError(values.token)
    if (badToken) found.token = t(badToken)
    const badHours = hoursErrors(values.hours)
    setErrors(found)
    setHourErrors(badHours)
    if (Object.keys(found).length || Object.keys(badHours).length) {
      // Show the first tab with a problem.
      setTab(found.name ? 'general' : Object.keys(badHours).length ? 'hours' : 'advanced')
      return
    }
    const body: Record<string, unknown> = {
      name: values.name.trim(),
      provider: values.provider,
      isDefault: values.isDefault,
      // Left out, the saved token stays; '' removes it (the screen never holds the saved one).
      ...(values.token === null ? { token: '' } : values.token ? { token: values.token } : {}),
      ...Object.fromEntries(TEXT_FIELDS.map((k) => [k, values[k]])),
      ...Object.fromEntries(NUMBER_FIELDS.map((k) => [k, Number(values[k] || 0)])),
      schedules: toSchedules(values.hours, (d) => t(`connections.weekdays.${d}`)),
      queueIds: values.queueIds,
      integrationId: values.integrationId,
      promptId: values.promptId,
    }
    void saveRecord<Connection>({
      send: () => save(body, connection?.id),
      setBusy,
      then: (saved) => {
        toast.success(t('connections.saved'))
        // A token just set is in this answer only: show it once, to be copied.
        if (values.token && saved.token) setRevealed({ name: saved.name, token: saved.token })
        else onClose()
      },
      failed: (err) => {
        // A refusal naming its limit says it; the name's own words name its 2 to 50 otherwise.
        const field = refuse<Values>(err, FIELDS, setErrors, { required: { name: 'connections.validation.length' } })
        if (field) {
          setTab(tabOf(field))
          // A field that has no control on screen (isDefault) also gets the toast.
          if (field === 'isDefault') toast.error(errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }))
        } else if (isApiError(err) && err.field?.startsWith('schedules')) setTab('hours')
      },
    })
  }

  const area = (key: TextKey, rows = 2) => (
    <TextAreaField label={t(`connections.form.${key}`)} {...field(key)} rows={rows} maxLength={TEXT_MAX} />
  )

  const closeRevealed = () => {
    setRevealed(null)
    onClose()
  }
  if (revealed)
    return (
      <Dialog
        open
        onClose={closeRevealed}
        title={t('connections.token.shownTitle')}
        footer={
          <>
            <CopyButton
              text={revealed.token}
              label={t('connections.token.copy')}
              copied={t('connections.token.copied')}
              failed={t('connections.token.copyFailed')}
            />
            <Button onClick={closeRevealed}>{t('connections.token.done')}</Button>
          </>
        }
      >
        <p className="text-sm">{t('connections.token.shownText', { name: revealed.name })}</p>
        <code data-testid="token-shown" className="mt-2 block break-all rounded bg-slate-100 p-2 dark:bg-slate-800">
          {revealed.token}
        </code>
      </Dialog>
    )

  return (
    <FormDialog
      {...dialog(onClose, submit)}
      size="lg"
      className="flex flex-col gap-3"
      ns="connections"
      adds={!connection}
    >
      <Tabs
        idPrefix={id}
        label={t('connections.form.sections')}
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'general', label: t('connections.form.general') },
          { key: 'hours', label: t('connections.form.hours') },
          { key: 'advanced', label: t('connections.form.advanced') },
        ]}
      />
      <TabPanel idPrefix={id} active={tab} className="flex flex-col gap-3">
        {tab === 'general' ? (
          <>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField label={t('connections.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
              <Select
                label={t('connections.form.provider')}
                {...field('provider')}
                options={[
                  { value: 'simulator', label: t('connections.providers.simulator') },
                  { value: 'beta', label: t('connections.providers.beta') },
                ]}
              />
            </div>
            <CheckboxField
              role="switch"
              label={t('connections.form.isDefault')}
              checked={values.isDefault}
              onChange={(v) => set('isDefault', v)}
            />
            <QueuesField value={values.queueIds} onChange={(ids) => set('queueIds', ids)} error={errors.queueIds} />
            <BotPickers owner="connection" {...bindBotPickers(form)} />
            {area('greetingMessage')}
            {area('complationMessage')}
            {area('outOfHoursMessage')}
            {area('ratingMessage')}
          </>
        ) : tab === 'hours' ? (
          <HoursFields rows={values.hours} onChange={(rows) => set('hours', rows)} errors={hourErrors} />
        ) : (
          <>
            {area('expiresInactiveMessage')}
            <div className="grid gap-3 sm:grid-cols-2">
              {NUMBER_FIELDS.map((k) => (
                <TextField
                  key={k}
                  type="number"
                  min={0}
                  inputMode="numeric"
                  label={t(`connections.form.${k}`)}
                  {...field(k)}
                  hint={k === 'timeToTransfer' ? t('connections.form.timeToTransferHint') : undefined}
                />
              ))}
            </div>
            <TokenField
              saved={connection}
              value={values.token}
              onChange={(v) => set('token', v)}
              error={errors.token}
            />
          </>
        )}
      </TabPanel>
    </FormDialog>
  )
}
