import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi } from '@atende/client'
import {
  FormDialog,
  type EditDialogProps,
  Switch,
  TextAreaField,
  TextField,
  sayAll,
  toast,
  useFormState,
  useRefusal,
  useSaveRecord,
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
const FIELDS = ['shortcode', 'message', 'geral', 'status'] as const

const initial = (q: QuickMessage | null): Values => ({
  shortcode: q?.shortcode ?? '',
  message: q?.message ?? '',
  geral: q?.geral ?? false,
  status: q?.status ?? true,
})

export type QuickMessageDialogProps = EditDialogProps<QuickMessage>

/**
 * Add or edit a quick message: shortcode, message, company-wide, active, and one attached file.
 * The text is saved first; a chosen file then goes up through media-upload, a removed one through
 * DELETE media-upload.
 */
export function QuickMessageDialog({ editing, onClose, onSaved }: QuickMessageDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const refuse = useRefusal()
  // After a create whose upload failed, the dialog goes on editing the saved row.
  const [record, setRecord] = useState<QuickMessage | null>(editing?.record ?? null)
  const { values, setErrors, set, field, busy, setBusy, dialog } = useFormState(editing, (e) =>
    initial(e?.record ?? null),
  )
  const [file, setFile] = useState<File | null>(null)
  const [dropMedia, setDropMedia] = useState(false)
  const message = (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })

  useEffect(() => {
    if (!editing) return
    setRecord(editing.record)
    setFile(null)
    setDropMedia(false)
  }, [editing])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = sayAll(t, { shortcode: shortcodeError(values.shortcode), message: messageError(values.message) })
    setErrors(found)
    if (found.shortcode || found.message) return
    const body = {
      shortcode: cleanShortcode(values.shortcode),
      message: values.message,
      geral: values.geral,
      status: values.status,
    }
    void save<QuickMessage>({
      path: '/quick-messages',
      id: record?.id,
      body,
      setBusy,
      failed: (err) =>
        refuse<Values>(err, FIELDS, setErrors, { required: { shortcode: 'quickMessages.validation.required' } }),
      then: async (saved) => {
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
        }
      },
    })
  }

  const current = record?.isMedia && !dropMedia ? { name: record.mediaName ?? '', url: record.mediaPath } : null
  return (
    <FormDialog {...dialog(onClose, submit)} size="lg" ns="quickMessages" adds={!record}>
      <TextField
        label={t('quickMessages.form.shortcode')}
        hint={t('quickMessages.form.shortcodeHint')}
        {...field('shortcode')}
        autoFocus
        maxLength={SHORTCODE_MAX + 1} // room for the leading '/' the server drops
      />
      <TextAreaField label={t('quickMessages.form.message')} {...field('message')} rows={5} maxLength={MESSAGE_MAX} />
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
    </FormDialog>
  )
}
