import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormDialog, Switch, TextField, say, toast, useFormState, useRefusal, useSaveRecord } from '@atende/ui'
import { ColorField, SWATCHES } from './ColorField.tsx'
import type { Tag } from './types.ts'
import { NAME_MAX, colorError, nameError, textOn, tooShort } from './validation.ts'

interface Values {
  name: string
  color: string
  kanban: boolean
}

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

/** Add or edit a tag: name, colour and, for admins, the kanban switch. */
export function TagDialog({ editing, canKanban, onClose, onSaved }: TagDialogProps) {
  const { t } = useTranslation()
  const save = useSaveRecord()
  const refuse = useRefusal()
  const tag = editing?.tag ?? null
  const { values, errors, setErrors, set, field, setBusy, dialog } = useFormState(editing, (e) =>
    initial(e?.tag ?? null),
  )

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = { name: say(t, nameError(values.name)) ?? undefined, color: colorError(values.color) ?? undefined }
    if (found.color) found.color = t(found.color)
    setErrors(found)
    if (found.name || found.color) return
    const body: Record<string, unknown> = { name: values.name.trim(), color: values.color.trim() }
    // Only admins send the flag: the server refuses a change of it from anyone else.
    if (canKanban) body.kanban = values.kanban ? 1 : 0
    void save<Tag>({
      path: '/tags',
      id: tag?.id,
      body,
      setBusy,
      then: (saved) => {
        onSaved(saved)
        toast.success(t('tags.saved'))
        onClose()
      },
      failed: (err) =>
        refuse<Values>(err, ['name', 'color'], setErrors, {
          required: { name: 'tags.validation.required', color: 'tags.validation.color' },
          tooShort: { name: tooShort },
        }),
    })
  }

  return (
    <FormDialog {...dialog(onClose, submit)} ns="tags" adds={!tag}>
      <TextField label={t('tags.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
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
    </FormDialog>
  )
}
