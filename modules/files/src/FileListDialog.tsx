import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import {
  Button,
  FormDialog,
  type EditDialogProps,
  TextAreaField,
  TextField,
  TrashIcon,
  rules,
  say,
  sayAll,
  toast,
  useFormState,
  useSaveRecord,
} from '@atende/ui'
import type { FileList } from './types.ts'
import {
  ACCEPT,
  FILE_MAX_BYTES,
  MESSAGE_MAX,
  NAME_MAX,
  OPTIONS_MAX,
  OPTION_NAME_MAX,
  messageError,
  nameError,
  optionNameError,
} from './validation.ts'

/** An option as the dialog edits it: the saved one (id, current file) and a file chosen here. */
interface OptionDraft {
  key: string
  id?: number
  name: string
  current: { name: string; url: string | null } | null
  file: File | null
  error?: string
  fileError?: string
}
let drafts = 0
const draftKey = () => `o${++drafts}`
const fromRecord = (r: FileList | null): OptionDraft[] =>
  (r?.options ?? []).map((o) => ({
    key: draftKey(),
    id: o.id,
    name: o.name,
    current: o.path ? { name: o.mediaName ?? o.name, url: o.path } : null,
    file: null,
  }))

export type FileListDialogProps = EditDialogProps<FileList>

/**
 * Add or edit a file list: name, message and options, each a name and a file. The list and its
 * options are saved first; each chosen file then goes up through POST /files/uploadList/{id}, one
 * at a time, with the progress shown.
 */
export function FileListDialog({ editing, onClose, onSaved }: FileListDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  // After a save whose upload failed, the dialog goes on editing the saved list.
  const [record, setRecord] = useState<FileList | null>(editing?.record ?? null)
  const { values, setErrors, field, busy, setBusy, dialog } = useFormState(editing, (e) => ({
    name: e?.record?.name ?? '',
    message: e?.record?.message ?? '',
  }))
  const [options, setOptions] = useState<OptionDraft[]>([])
  const [progress, setProgress] = useState<{ done: number; total: number; name: string } | null>(null)
  const pickers = useRef(new Map<string, HTMLInputElement>())
  // A refusal naming its limit says it ("Muito longo! (máximo 100 caracteres)").
  const explain = (err: unknown) =>
    (isApiError(err) && err.code === 'ERR_VALIDATION' ? say(t, rules.limitOf(err.data)) : null) ??
    errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })

  useEffect(() => {
    if (!editing) return
    setRecord(editing.record)
    setOptions(fromRecord(editing.record))
    setProgress(null)
  }, [editing])

  const change = (key: string, patch: Partial<OptionDraft>) =>
    setOptions((all) => all.map((o) => (o.key === key ? { ...o, ...patch } : o)))
  const choose = (key: string, file: File | null) => {
    if (file && file.size > FILE_MAX_BYTES) {
      change(key, { fileError: t('files.validation.fileTooLarge') })
      return
    }
    setOptions((all) =>
      all.map((o) =>
        o.key === key
          ? // A new option without a name takes the file's.
            { ...o, file, fileError: undefined, name: o.name || (file?.name ?? '').slice(0, OPTION_NAME_MAX) }
          : o,
      ),
    )
  }

  const validate = () => {
    const found = sayAll(t, { name: nameError(values.name), message: messageError(values.message) })
    let bad = !!(found.name || found.message)
    const checked = options.map((o) => {
      const e = optionNameError(o.name)
      const fileError = o.file || o.current ? undefined : t('files.validation.fileRequired')
      if (e || fileError) bad = true
      return { ...o, error: say(t, e) ?? undefined, fileError: fileError ?? o.fileError }
    })
    setErrors(found)
    setOptions(checked)
    return !bad && !checked.some((o) => o.fileError)
  }

  /** Uploads the chosen files one by one; the list answered last is kept (and shown) after each. */
  async function uploadChosen(saved: FileList, local: OptionDraft[]) {
    const pending = local
      .map((o, i) => ({ draft: o, option: saved.options[i] }))
      .filter((p) => p.draft.file && p.option)
    let latest = saved
    for (const [done, p] of pending.entries()) {
      setProgress({ done, total: pending.length, name: p.draft.file!.name })
      const form = new FormData()
      form.append('id', String(p.option!.id))
      form.append('name', p.draft.name.trim())
      form.append('mediaType', p.draft.file!.type)
      form.append('files', p.draft.file!)
      latest = await api.post<FileList>(`/files/uploadList/${saved.id}`, { body: form, timeoutMs: 300_000 })
      setRecord(latest)
      onSaved(latest)
      // What is up is no longer pending: a retry sends only the rest.
      setOptions((all) =>
        all.map((o) => {
          if (o.key !== p.draft.key) return o
          const up = latest.options.find((x) => x.id === p.option!.id)
          return {
            ...o,
            id: p.option!.id,
            file: null,
            current: up?.path ? { name: up.mediaName ?? up.name, url: up.path } : null,
          }
        }),
      )
    }
    setProgress({ done: pending.length, total: pending.length, name: '' })
    return latest
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (busy || !validate()) return
    const body = {
      name: values.name.trim(),
      message: values.message,
      options: options.map((o) => (o.id ? { id: o.id, name: o.name.trim() } : { name: o.name.trim() })),
    }
    void save<FileList>({
      path: '/files',
      id: record?.id,
      body,
      setBusy,
      failed: (err) => {
        if (isApiError(err) && (err.field === 'name' || err.field === 'message')) {
          const field = err.field
          setErrors((x) => ({ ...x, [field]: explain(err) }))
        } else toast.error(explain(err))
      },
      then: async (saved) => {
        setRecord(saved)
        onSaved(saved)
        // The saved options come back in the order sent: each draft learns its id.
        const local = options.map((o, i) => ({ ...o, id: saved.options[i]?.id ?? o.id }))
        setOptions(local)
        try {
          await uploadChosen(saved, local)
          toast.success(t('files.saved'))
          onClose()
        } catch (err) {
          // The list is saved; a file is not: say so and stay, editing the saved list.
          toast.error(`${t('files.uploadError')} ${explain(err)}`)
        } finally {
          setProgress(null)
        }
      },
    })
  }

  return (
    <FormDialog {...dialog(onClose, submit)} size="lg" ns="files" adds={!record}>
      <TextField label={t('files.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
      <TextAreaField label={t('files.form.message')} {...field('message')} rows={3} maxLength={MESSAGE_MAX} />

      <fieldset className="flex flex-col gap-2" disabled={busy}>
        <legend className="mb-1 text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('files.form.options')}
        </legend>
        {options.length === 0 && (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('files.form.noOptions')}</p>
        )}
        {options.map((o, i) => {
          const shown = o.file ? { name: o.file.name, url: null } : o.current
          return (
            <div
              key={o.key}
              className="flex flex-col gap-2 rounded-md border border-slate-200 p-2 sm:flex-row sm:items-start dark:border-slate-700"
              data-testid={`file-option-${i}`}
            >
              <div className="min-w-0 flex-1">
                <TextField
                  label={t('files.form.optionName', { n: i + 1 })}
                  value={o.name}
                  onChange={(v) => change(o.key, { name: v, error: undefined })}
                  error={o.error}
                  maxLength={OPTION_NAME_MAX}
                />
              </div>
              <div className="flex min-w-0 flex-1 flex-col gap-1 sm:pt-6">
                <div className="flex min-w-0 items-center gap-2">
                  <input
                    ref={(el) => {
                      if (el) pickers.current.set(o.key, el)
                      else pickers.current.delete(o.key)
                    }}
                    type="file"
                    accept={ACCEPT}
                    className="sr-only"
                    aria-label={t('files.form.chooseFile', { n: i + 1 })}
                    onChange={(e) => {
                      choose(o.key, e.target.files?.[0] ?? null)
                      e.target.value = ''
                    }}
                  />
                  <Button
                    variant="secondary"
                    className="shrink-0 px-3 py-1"
                    onClick={() => pickers.current.get(o.key)?.click()}
                  >
                    {t(shown ? 'files.form.replaceFile' : 'files.form.pickFile')}
                  </Button>
                  <span className="min-w-0 truncate text-sm" data-testid={`file-option-${i}-file`}>
                    {shown ? (
                      shown.url ? (
                        <a href={shown.url} target="_blank" rel="noreferrer" className="underline">
                          {shown.name}
                        </a>
                      ) : (
                        shown.name
                      )
                    ) : (
                      <span className="text-slate-500 dark:text-slate-400">{t('files.form.noFile')}</span>
                    )}
                  </span>
                </div>
                {o.fileError && (
                  <p className="text-sm text-red-600 dark:text-red-400" role="alert">
                    {o.fileError}
                  </p>
                )}
              </div>
              <button
                type="button"
                onClick={() => setOptions((all) => all.filter((x) => x.key !== o.key))}
                aria-label={t('files.form.removeOption', { n: i + 1 })}
                title={t('files.form.removeOption', { n: i + 1 })}
                className="self-end rounded-md p-2 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 sm:self-center dark:text-red-400 dark:hover:bg-red-950"
              >
                <TrashIcon className="h-4 w-4" />
              </button>
            </div>
          )
        })}
        {options.length < OPTIONS_MAX && (
          <Button
            variant="secondary"
            className="self-start px-3 py-1"
            onClick={() => setOptions((all) => [...all, { key: draftKey(), name: '', current: null, file: null }])}
          >
            {t('files.form.addOption')}
          </Button>
        )}
      </fieldset>

      {progress && progress.total > 0 && (
        <div className="flex flex-col gap-1" role="status" aria-live="polite" data-testid="file-upload-progress">
          <span className="text-sm text-slate-600 dark:text-slate-300">
            {t('files.form.uploading', {
              current: Math.min(progress.done + 1, progress.total),
              total: progress.total,
              name: progress.name,
            })}
          </span>
          <progress className="h-2 w-full" max={progress.total} value={progress.done} />
        </div>
      )}
    </FormDialog>
  )
}
