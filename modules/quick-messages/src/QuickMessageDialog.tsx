import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import {
  Button,
  Dialog,
  FieldShell,
  Switch,
  TextField,
  cx,
  inputClass,
  inputErrorClass,
  rules,
  say,
  toast,
} from '@atende/ui'
import { MediaField } from './MediaField.tsx'
import type { QuickMessage } from './types.ts'
import { MESSAGE_MAX, SHORTCODE_MAX, cleanShortcode, messageError, shortcodeError } from './validation.ts'

interface Values {
  shortcode: string
  message: string
  geral: boolean
  status: boolean
}
type Errors = Partial<Record<keyof Values, string>>
const FIELDS = new Set<string>(['shortcode', 'message', 'geral', 'status'])

const initial = (q: QuickMessage | null): Values => ({
  shortcode: q?.shortcode ?? '',
  message: q?.message ?? '',
  geral: q?.geral ?? false,
  status: q?.status ?? true,
})

export interface QuickMessageDialogProps {
  /** null: closed; { record: null }: add. */
  editing: { record: QuickMessage | null } | null
  onClose: () => void
  onSaved: (record: QuickMessage) => void
}

/**
 * Add or edit a quick message (administration.md §3, §5, §7): shortcode, message, company-wide,
 * active, and one attached file. The text is saved first; a chosen file then goes up through
 * media-upload, a removed one through DELETE media-upload.
 */
export function QuickMessageDialog({ editing, onClose, onSaved }: QuickMessageDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const formId = useId()
  // After a create whose upload failed, the dialog goes on editing the saved row.
  const [record, setRecord] = useState<QuickMessage | null>(editing?.record ?? null)
  const [values, setValues] = useState<Values>(() => initial(record))
  const [errors, setErrors] = useState<Errors>({})
  const [file, setFile] = useState<File | null>(null)
  const [dropMedia, setDropMedia] = useState(false)
  const [busy, setBusy] = useState(false)
  const message = (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })

  useEffect(() => {
    if (!editing) return
    setRecord(editing.record)
    setValues(initial(editing.record))
    setErrors({})
    setFile(null)
    setDropMedia(false)
  }, [editing])

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found: Errors = {}
    const s = shortcodeError(values.shortcode)
    if (s) found.shortcode = say(t, s)!
    const m = messageError(values.message)
    if (m) found.message = say(t, m)!
    setErrors(found)
    if (found.shortcode || found.message) return
    const body = {
      shortcode: cleanShortcode(values.shortcode),
      message: values.message,
      geral: values.geral,
      status: values.status,
    }
    setBusy(true)
    let saved: QuickMessage
    try {
      saved = record
        ? await api.put<QuickMessage>(`/quick-messages/${record.id}`, { body })
        : await api.post<QuickMessage>('/quick-messages', { body })
    } catch (err) {
      if (isApiError(err) && err.field && FIELDS.has(err.field)) {
        const field = err.field as keyof Values
        setErrors((x) => ({
          ...x,
          [field]:
            err.code !== 'ERR_VALIDATION'
              ? message(err)
              : (say(t, rules.limitOf(err.data)) ??
                (field === 'shortcode' ? t('quickMessages.validation.required') : message(err))),
        }))
      } else toast.error(message(err))
      setBusy(false)
      return
    }
    setRecord(saved)
    onSaved(saved)
    try {
      if (file) {
        const form = new FormData()
        form.append('typeArch', 'quickMessage')
        form.append('file', file)
        saved = await api.post<QuickMessage>(`/quick-messages/${saved.id}/media-upload`, {
          body: form,
          timeoutMs: 120_000,
        })
        onSaved(saved)
      } else if (dropMedia && saved.isMedia) {
        saved = await api.delete<QuickMessage>(`/quick-messages/${saved.id}/media-upload`)
        onSaved(saved)
        toast.success(t('quickMessages.mediaRemoved'))
      }
      toast.success(t('quickMessages.saved'))
      onClose()
    } catch (err) {
      // The text is saved; the file is not: say so and stay, editing the saved message.
      toast.error(`${t('quickMessages.mediaError')} ${message(err)}`)
    } finally {
      setBusy(false)
    }
  }

  const current = record?.isMedia && !dropMedia ? { name: record.mediaName ?? '', url: record.mediaPath } : null
  return (
    <Dialog
      open={editing != null}
      onClose={() => {
        if (!busy) onClose()
      }}
      size="lg"
      title={t(record ? 'quickMessages.form.editTitle' : 'quickMessages.form.addTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('quickMessages.form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t(record ? 'quickMessages.form.save' : 'quickMessages.form.add')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('quickMessages.form.shortcode')}
          hint={t('quickMessages.form.shortcodeHint')}
          value={values.shortcode}
          onChange={(v) => set('shortcode', v)}
          error={errors.shortcode}
          autoFocus
          maxLength={SHORTCODE_MAX + 1} // room for the leading '/' the server drops
        />
        <FieldShell id={`${formId}-message`} label={t('quickMessages.form.message')} error={errors.message}>
          <textarea
            id={`${formId}-message`}
            rows={5}
            value={values.message}
            maxLength={MESSAGE_MAX}
            onChange={(e) => set('message', e.target.value)}
            aria-invalid={errors.message ? true : undefined}
            aria-describedby={errors.message ? `${formId}-message-error` : undefined}
            className={cx(inputClass, 'resize-y', errors.message && inputErrorClass)}
          />
        </FieldShell>
        <div className="grid gap-3 sm:grid-cols-2">
          <Switch
            label={t('quickMessages.form.geral')}
            hint={t('quickMessages.form.geralHint')}
            checked={values.geral}
            onChange={(v) => set('geral', v)}
          />
          <Switch
            label={t('quickMessages.form.status')}
            hint={t('quickMessages.form.statusHint')}
            checked={values.status}
            onChange={(v) => set('status', v)}
          />
        </div>
        <MediaField
          current={current}
          chosen={file}
          disabled={busy}
          onChoose={(f) => {
            setFile(f)
            if (f) setDropMedia(false)
          }}
          onRemove={() => setDropMedia(true)}
        />
      </form>
    </Dialog>
  )
}
