import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import { Button, Dialog, Switch, TextField, rules, say, toast } from '@atende/ui'
import { ColorField, SWATCHES } from './ColorField.tsx'
import type { Tag } from './types.ts'
import { NAME_MAX, colorError, nameError, textOn, tooShort } from './validation.ts'

interface Values {
  name: string
  color: string
  kanban: boolean
}
type Errors = Partial<Record<keyof Values, string>>

/** The form's words for a field the server refused (it checks the same rules, naming its limits). */
const validationProblem = (field: 'name' | 'color', err: { message: string; data?: Record<string, unknown> }) =>
  field === 'color'
    ? 'tags.validation.color'
    : typeof err.data?.max === 'number'
      ? rules.tooLong(err.data.max)
      : /required/i.test(err.message)
        ? 'tags.validation.required'
        : tooShort

const initial = (tag: Tag | null): Values => ({
  name: tag?.name ?? '',
  color: tag?.color ?? SWATCHES[0]!,
  kanban: tag?.kanban === 1,
})

export interface TagDialogProps {
  /** null: closed; { tag: null }: add. */
  editing: { tag: Tag | null } | null
  /** The caller may set the kanban flag (admins). */
  canKanban: boolean
  onClose: () => void
  onSaved: (tag: Tag) => void
}

/** Add or edit a tag: name, colour and, for admins, the kanban switch (administration.md §2 "Tags"). */
export function TagDialog({ editing, canKanban, onClose, onSaved }: TagDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const formId = useId()
  const tag = editing?.tag ?? null
  const [values, setValues] = useState<Values>(() => initial(tag))
  const [errors, setErrors] = useState<Errors>({})
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!editing) return
    setValues(initial(editing.tag))
    setErrors({})
  }, [editing])

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found: Errors = {}
    const n = nameError(values.name)
    if (n) found.name = say(t, n)!
    const c = colorError(values.color)
    if (c) found.color = t(c)
    setErrors(found)
    if (found.name || found.color) return
    const body: Record<string, unknown> = { name: values.name.trim(), color: values.color.trim() }
    // Only admins send the flag: the server refuses a change of it from anyone else.
    if (canKanban) body.kanban = values.kanban ? 1 : 0
    setBusy(true)
    try {
      const saved = tag ? await api.put<Tag>(`/tags/${tag.id}`, { body }) : await api.post<Tag>('/tags', { body })
      onSaved(saved)
      toast.success(t('tags.saved'))
      onClose()
    } catch (err) {
      const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
      if (isApiError(err) && (err.field === 'name' || err.field === 'color')) {
        const field = err.field
        setErrors((x) => ({
          ...x,
          [field]: err.code === 'ERR_VALIDATION' ? say(t, validationProblem(field, err))! : message,
        }))
      } else toast.error(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={editing != null}
      onClose={() => {
        if (!busy) onClose()
      }}
      title={t(tag ? 'tags.form.editTitle' : 'tags.form.addTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('tags.form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t(tag ? 'tags.form.save' : 'tags.form.add')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('tags.form.name')}
          value={values.name}
          onChange={(v) => set('name', v)}
          error={errors.name}
          autoFocus
          maxLength={NAME_MAX}
        />
        <ColorField value={values.color} onChange={(v) => set('color', v)} error={errors.color} />
        <div className="flex items-center gap-2" aria-hidden>
          <span className="text-xs text-slate-500 dark:text-slate-400">{t('tags.form.preview')}</span>
          <span
            className="rounded px-2 py-0.5 text-xs font-medium"
            style={
              colorError(values.color)
                ? { backgroundColor: '#94a3b8', color: '#ffffff' }
                : { backgroundColor: values.color, color: textOn(values.color) }
            }
          >
            {values.name.trim() || t('tags.form.name')}
          </span>
        </div>
        {canKanban && (
          <Switch
            label={t('tags.form.kanban')}
            hint={t('tags.form.kanbanHint')}
            checked={values.kanban}
            onChange={(v) => set('kanban', v)}
          />
        )}
      </form>
    </Dialog>
  )
}
