import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi, useSession } from '@atende/client'
import { Button, ConfirmDialog, FormDialog, TextAreaField, TextField, sayAll, toast, useSaveRecord } from '@atende/ui'
import { ContactPicker, type PickedContact } from './ContactPicker.tsx'
import { defaultDates, fromLocalInput, toLocalInput } from './dates.ts'
import type { Schedule } from './types.ts'

/** What opens the form: an existing schedule, or a new one with a chosen time and/or contact. */
export type ScheduleTarget =
  { schedule: Schedule } | { schedule?: undefined; at?: Date | null; contact?: PickedContact | null }

interface Values {
  body: string
  description: string
  scheduleDate: string
  sendAt: string
}
type Field = keyof Values | 'contactId' | 'file'
type Errors = Partial<Record<Field, string>>
const FIELDS = new Set<string>(['body', 'description', 'scheduleDate', 'sendAt', 'contactId', 'file'])
const ACCEPT = 'image/png,image/jpeg'

/** The form's rules, the same the server checks. */
function validate(v: Values, contact: PickedContact | null): Errors {
  const e: Errors = {}
  if (!v.body.trim()) e.body = 'schedules.validation.required'
  else if (v.body.trim().length < 5) e.body = 'schedules.validation.bodyShort'
  if (!v.description.trim()) e.description = 'schedules.validation.required'
  else if (v.description.trim().length < 3) e.description = 'schedules.validation.descriptionShort'
  if (!contact) e.contactId = 'schedules.validation.required'
  if (!fromLocalInput(v.scheduleDate)) e.scheduleDate = 'schedules.validation.date'
  if (!fromLocalInput(v.sendAt)) e.sendAt = 'schedules.validation.date'
  return e
}

/**
 * Add or edit a schedule: contact, message, description, the schedule's date and when it is sent,
 * one image (png, jpg, jpeg). The title reflects the status; a sent one takes date changes only
 * (saving it puts it back to pending). The author or an admin edits; the author deletes a schedule
 * not yet sent, an admin any.
 */
export function ScheduleDialog({
  target,
  onClose,
  onSaved,
  onDeleted,
}: {
  target: ScheduleTarget | null
  onClose: () => void
  onSaved?: (s: Schedule) => void
  onDeleted?: (id: number) => void
}) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const { user, isAdmin, isSuper } = useSession()
  const save = useSaveRecord()
  const fileInput = useRef<HTMLInputElement>(null)
  const [record, setRecord] = useState<Schedule | null>(null)
  const [contact, setContact] = useState<PickedContact | null>(null)
  const [values, setValues] = useState<Values>({ body: '', description: '', scheduleDate: '', sendAt: '' })
  const [errors, setErrors] = useState<Errors>({})
  const [file, setFile] = useState<File | null>(null)
  const [dropMedia, setDropMedia] = useState(false)
  const [busy, setBusy] = useState(false)
  const [confirmDelete, setConfirmDelete] = useState(false)
  const message = (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })

  useEffect(() => {
    if (!target) return
    const s = target.schedule ?? null
    setRecord(s)
    setContact(s?.contact ?? (target.schedule ? null : (target.contact ?? null)))
    setValues(
      s
        ? {
            body: s.body,
            description: s.description,
            scheduleDate: toLocalInput(new Date(s.scheduleDate)),
            sendAt: toLocalInput(new Date(s.sendAt)),
          }
        : { body: '', description: '', ...defaultDates(target.schedule ? null : (target.at ?? null)) },
    )
    setErrors({})
    setFile(null)
    setDropMedia(false)
  }, [target])

  const sent = record?.status === 'ENVIADA'
  const mine = !record || record.userId === user?.id
  const canEdit = !record || isAdmin || isSuper || mine
  const canDelete = !!record && (isAdmin || isSuper || (mine && !sent))
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }
  /** A text's value, change and error, spread into its field. */
  const field = (key: keyof Values) => ({
    value: values[key],
    onChange: (v: string) => set(key, v),
    error: errors[key],
  })

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = validate(values, contact)
    setErrors(sayAll(t, found))
    if (Object.keys(found).length) return
    const dates = {
      scheduleDate: fromLocalInput(values.scheduleDate)!.toISOString(),
      sendAt: fromLocalInput(values.sendAt)!.toISOString(),
    }
    // A sent schedule takes date changes only: its other fields are not sent back.
    const body = sent ? dates : { body: values.body, description: values.description, contactId: contact!.id, ...dates }
    void save<Schedule>({
      path: '/schedules',
      id: record?.id,
      body,
      setBusy,
      failed: (err) => {
        if (isApiError(err) && err.field && FIELDS.has(err.field))
          setErrors((x) => ({ ...x, [err.field as Field]: message(err) }))
        else toast.error(message(err))
      },
      then: async (saved) => {
        setRecord(saved)
        onSaved?.(saved)
        try {
          if (file) {
            const form = new FormData()
            form.append('file', file)
            saved = await api.post<Schedule>(`/schedules/${saved.id}/media-upload`, { body: form, timeoutMs: 120_000 })
            onSaved?.(saved)
          } else if (dropMedia && saved.mediaPath) {
            saved = await api.delete<Schedule>(`/schedules/${saved.id}/media-upload`)
            onSaved?.(saved)
          }
          toast.success(t('schedules.saved'))
          onClose()
        } catch (err) {
          // The schedule is saved; the image is not: say so and stay, editing the saved one.
          toast.error(`${t('schedules.mediaError')} ${message(err)}`)
        }
      },
    })
  }

  const remove = async () => {
    if (!record) return
    setBusy(true)
    try {
      await api.delete(`/schedules/${record.id}`)
      onDeleted?.(record.id)
      toast.success(t('schedules.deleted'))
      setConfirmDelete(false)
      onClose()
    } catch (err) {
      toast.error(message(err))
    } finally {
      setBusy(false)
    }
  }

  const title = !record
    ? t('schedules.form.addTitle')
    : `${t('schedules.form.editTitle')} — ${t(`schedules.status.${record.status}`)}`
  const shownMedia = file
    ? { name: file.name, url: null }
    : record?.mediaPath && !dropMedia
      ? { name: record.mediaName ?? '', url: record.mediaPath }
      : null
  const locked = busy || !canEdit
  return (
    <>
      <FormDialog
        open={target != null}
        busy={busy}
        onClose={onClose}
        onSubmit={submit}
        size="lg"
        title={title}
        ns="schedules"
        adds={!record}
        submitLabel={canEdit ? undefined : null}
        formTestid="schedule-form"
        footerStart={
          canDelete && (
            <Button
              variant="ghost"
              className="mr-auto text-red-600 dark:text-red-400"
              onClick={() => setConfirmDelete(true)}
              disabled={busy}
            >
              {t('schedules.form.delete')}
            </Button>
          )
        }
      >
        {record?.status === 'ERRO' && record.error && (
          <p
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700 dark:bg-red-900/40 dark:text-red-200"
            role="alert"
          >
            {t('schedules.form.failed', {
              reason: record.error === 'expired' ? t('schedules.expired') : record.error,
            })}
          </p>
        )}
        {sent && <p className="text-sm text-slate-600 dark:text-slate-300">{t('schedules.form.sentHint')}</p>}
        {canEdit && (
          <p className="text-xs text-slate-500 dark:text-slate-400" data-testid="schedule-required-note">
            {t('schedules.form.requiredNote')}
          </p>
        )}
        <ContactPicker value={contact} onChange={setContact} error={errors.contactId} disabled={locked || sent} />
        <TextAreaField
          label={t('schedules.form.body')}
          hint={t('schedules.form.bodyHint')}
          {...field('body')}
          rows={4}
          maxLength={10_000}
          required
          disabled={locked || sent}
        />
        <TextField
          label={t('schedules.form.description')}
          hint={t('schedules.form.descriptionHint')}
          {...field('description')}
          maxLength={500}
          required
          disabled={locked || sent}
        />
        {/* Two different instants (plugins/schedules): scheduleDate places the schedule on the
              calendar and in the period filters; sendAt is when the sender sends the message. */}
        <div className="grid gap-3 sm:grid-cols-2">
          {(['scheduleDate', 'sendAt'] as const).map((k) => (
            <TextField
              key={k}
              type="datetime-local"
              label={t(`schedules.form.${k}`)}
              hint={t(`schedules.form.${k}Hint`)}
              {...field(k)}
              required
              disabled={locked}
            />
          ))}
        </div>
        <div className="flex flex-col gap-1">
          <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('schedules.form.media')}</span>
          <div className="flex flex-wrap items-center gap-2">
            {shownMedia ? (
              <span
                className="truncate rounded-md bg-slate-100 px-2 py-1 text-sm dark:bg-slate-700"
                data-testid="schedule-media"
              >
                {shownMedia.url ? (
                  <a href={shownMedia.url} target="_blank" rel="noreferrer" className="underline">
                    {shownMedia.name}
                  </a>
                ) : (
                  shownMedia.name
                )}
              </span>
            ) : (
              <span className="text-sm text-slate-500 dark:text-slate-400">{t('schedules.form.noMedia')}</span>
            )}
            <input
              ref={fileInput}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              aria-label={t('schedules.form.attach')}
              disabled={locked || sent}
              onChange={(e) => {
                const f = e.target.files?.[0] ?? null
                e.target.value = ''
                if (f && !/\.(png|jpe?g)$/i.test(f.name)) {
                  setErrors((x) => ({ ...x, file: t('schedules.validation.fileType') }))
                  return
                }
                setErrors((x) => ({ ...x, file: undefined }))
                setFile(f)
                if (f) setDropMedia(false)
              }}
            />
            {!sent && (
              <Button
                variant="secondary"
                className="px-3 py-1"
                disabled={locked}
                onClick={() => fileInput.current?.click()}
              >
                {t(shownMedia ? 'schedules.form.replace' : 'schedules.form.attach')}
              </Button>
            )}
            {shownMedia && !sent && (
              <Button
                variant="ghost"
                className="px-3 py-1 text-red-600 dark:text-red-400"
                disabled={locked}
                onClick={() => (file ? setFile(null) : setDropMedia(true))}
              >
                {t('schedules.form.removeMedia')}
              </Button>
            )}
          </div>
          {errors.file && <p className="text-sm text-red-600 dark:text-red-400">{errors.file}</p>}
        </div>
      </FormDialog>
      <ConfirmDialog
        open={confirmDelete}
        title={t('schedules.form.deleteTitle')}
        danger
        loading={busy}
        confirmLabel={t('schedules.form.delete')}
        cancelLabel={t('schedules.form.cancel')}
        onConfirm={remove}
        onClose={() => setConfirmDelete(false)}
      >
        {t('schedules.form.deleteMessage')}
      </ConfirmDialog>
    </>
  )
}
