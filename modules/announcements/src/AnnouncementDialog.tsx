import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import {
  Button,
  FormDialog,
  Select,
  Switch,
  TabPanel,
  Tabs,
  TextAreaField,
  TextField,
  cx,
  toast,
  useSaveRecord,
} from '@atende/ui'
import { AnnouncementView } from './AnnouncementView.tsx'
import { BlockEditor, blockErrors, type EditorBlock } from './BlockEditor.tsx'
import { PRIORITY_DEFAULT, type Announcement, type RichBlock } from './types.ts'

type Tab = 'simple' | 'advanced'
interface Values {
  title: string
  text: string
  priority: number
  status: boolean
}
type Field = 'title' | 'text'

/** What goes to the server of a block: its fields without the editor's local file. */
const wire = ({ file: _file, previewUrl: _preview, ...b }: EditorBlock): RichBlock => b

export interface AnnouncementDialogProps {
  record: Announcement | null
  onClose: () => void
  onSaved: (record: Announcement) => void
}

/**
 * Add or edit an announcement: the simple tab (title, text, priority, status, attachment
 * png/jpg/jpeg) and the advanced tab's block list, plus a preview. Saving stores the announcement,
 * then uploads the image blocks' new files (rich-content-upload; a failed image is logged and left
 * out) and saves the block list with their URLs, then the attachment.
 */
export function AnnouncementDialog({ record, onClose, onSaved }: AnnouncementDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const formId = useId()
  const [tab, setTab] = useState<Tab>(record?.richContent.length ? 'advanced' : 'simple')
  const [values, setValues] = useState<Values>({
    title: record?.title ?? '',
    text: record?.text ?? '',
    priority: record?.priority ?? PRIORITY_DEFAULT,
    status: record?.status ?? true,
  })
  const [blocks, setBlocks] = useState<EditorBlock[]>(record?.richContent ?? [])
  const [file, setFile] = useState<File | null>(null)
  const [dropMedia, setDropMedia] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [blockProblems, setBlockProblems] = useState<Record<string, string>>({})
  const [previewing, setPreviewing] = useState(false)
  const [busy, setBusy] = useState(false)
  const fileInput = useRef<HTMLInputElement>(null)
  const message = (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })

  // Local previews are let go with the dialog.
  const blocksRef = useRef(blocks)
  blocksRef.current = blocks
  useEffect(
    () => () => {
      for (const b of blocksRef.current) if (b.previewUrl) URL.revokeObjectURL(b.previewUrl)
    },
    [],
  )

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    if (key === 'title' || key === 'text') setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const validate = () => {
    const found: Partial<Record<Field, string>> = {}
    if (!values.title.trim()) found.title = t('announcements.validation.required')
    if (!values.text.trim() && !blocks.length) found.text = t('announcements.validation.contentRequired')
    const problems = blockErrors(blocks, t)
    setErrors(found)
    setBlockProblems(problems)
    if (Object.keys(problems).length) setTab('advanced')
    else if (found.text) setTab('simple')
    return !Object.keys(found).length && !Object.keys(problems).length
  }

  /** Text from the text blocks when the simple text is empty. */
  const textFor = () =>
    values.text.trim() ||
    blocks
      .filter((b) => b.type === 'text')
      .map((b) => b.content.trim())
      .join('\n')
      .slice(0, 20_000)

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!validate()) return
    const ready = blocks.filter((b) => b.type === 'text' || (!b.file && b.content))
    const body = {
      title: values.title.trim(),
      text: textFor(),
      priority: values.priority,
      status: values.status,
      richContent: ready.map(wire),
    }
    void save<Announcement>({
      path: '/announcements',
      id: record?.id,
      body,
      setBusy,
      failed: (err) => {
        if (isApiError(err) && (err.field === 'title' || err.field === 'text'))
          setErrors((x) => ({ ...x, [err.field as Field]: message(err) }))
        else toast.error(message(err))
      },
      then: async (saved) => {
        onSaved(saved)
        try {
          const pending = blocks.filter((b) => b.type === 'image' && b.file)
          if (pending.length) {
            const uploaded = new Map<string, string>()
            for (const b of pending) {
              try {
                const form = new FormData()
                form.append('blockId', b.id)
                form.append('richContentImage', b.file!)
                const res = await api.post<{ url: string }>(`/announcements/${saved.id}/rich-content-upload`, {
                  body: form,
                  timeoutMs: 120_000,
                })
                uploaded.set(b.id, res.url)
              } catch (err) {
                // Logged only: the announcement is saved without that image.
                console.error('[announcements] rich content image upload failed', err)
              }
            }
            const richContent = blocks
              .map((b) => (uploaded.has(b.id) ? { ...b, content: uploaded.get(b.id)! } : b))
              .filter((b) => b.type === 'text' || (!('file' in b && b.file && !uploaded.has(b.id)) && b.content))
              .map(wire)
            saved = await api.put<Announcement>(`/announcements/${saved.id}`, { body: { richContent } })
            onSaved(saved)
          }
          if (file) {
            const form = new FormData()
            form.append('file', file)
            saved = await api.post<Announcement>(`/announcements/${saved.id}/media-upload`, {
              body: form,
              timeoutMs: 120_000,
            })
            onSaved(saved)
          } else if (dropMedia && saved.mediaPath) {
            saved = await api.delete<Announcement>(`/announcements/${saved.id}/media-upload`)
            onSaved(saved)
          }
          toast.success(t('announcements.toasts.saved'))
          onClose()
        } catch (err) {
          toast.error(message(err))
        }
      },
    })
  }

  const shownMedia = file
    ? { name: file.name, url: null }
    : record?.mediaPath && !dropMedia
      ? { name: record.mediaName ?? '', url: record.mediaPath }
      : null
  const priorities = [1, 2, 3].map((p) => ({ value: String(p), label: t(`announcements.priority.${p}`) }))
  const previewRecord = {
    title: values.title,
    text: textFor(),
    priority: values.priority,
    richContent: blocks.map((b) => ({ ...wire(b), content: b.previewUrl ?? b.content })),
    mediaPath: file ? null : dropMedia ? null : (record?.mediaPath ?? null),
    mediaName: record?.mediaName ?? null,
  }

  return (
    <>
      <FormDialog
        open
        busy={busy}
        onClose={onClose}
        onSubmit={submit}
        size="xl"
        ns="announcements"
        adds={!record}
        submitTestid="announcement-save"
        formTestid="announcement-form"
        footerStart={
          <Button variant="ghost" className="mr-auto" onClick={() => setPreviewing(true)} disabled={busy}>
            {t('announcements.preview')}
          </Button>
        }
      >
        <TextField
          label={t('announcements.form.title')}
          value={values.title}
          maxLength={200}
          disabled={busy}
          onChange={(v) => set('title', v)}
          error={errors.title}
        />
        <Tabs<Tab>
          tabs={[
            { key: 'simple', label: t('announcements.form.simple') },
            { key: 'advanced', label: t('announcements.form.advanced') },
          ]}
          active={tab}
          onChange={setTab}
          label={t('announcements.form.contentTabs')}
          idPrefix={`${formId}-tabs`}
        />
        <TabPanel idPrefix={`${formId}-tabs`} active={tab}>
          <div className={cx('flex flex-col gap-4', tab !== 'simple' && 'hidden')}>
            <TextAreaField
              label={t('announcements.form.text')}
              value={values.text}
              rows={5}
              maxLength={20_000}
              disabled={busy}
              onChange={(v) => set('text', v)}
              error={errors.text}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Select
                label={t('announcements.form.priority')}
                options={priorities}
                value={String(values.priority)}
                disabled={busy}
                onChange={(v) => set('priority', Number(v))}
              />
              <Switch
                label={t('announcements.form.status')}
                hint={values.status ? t('announcements.status.active') : t('announcements.status.inactive')}
                checked={values.status}
                disabled={busy}
                onChange={(v) => set('status', v)}
              />
            </div>
            <div className="flex flex-col gap-1">
              <span className="text-sm font-medium text-slate-700 dark:text-slate-200">
                {t('announcements.form.attachment')}
              </span>
              <div className="flex flex-wrap items-center gap-2">
                {shownMedia ? (
                  <span className="truncate rounded-md bg-slate-100 px-2 py-1 text-sm dark:bg-slate-700">
                    {shownMedia.url ? (
                      <a href={shownMedia.url} target="_blank" rel="noreferrer noopener" className="underline">
                        {shownMedia.name}
                      </a>
                    ) : (
                      shownMedia.name
                    )}
                  </span>
                ) : (
                  <span className="text-sm text-slate-500 dark:text-slate-400">{t('announcements.noMedia')}</span>
                )}
                <input
                  ref={fileInput}
                  type="file"
                  accept=".png,.jpg,.jpeg"
                  className="sr-only"
                  aria-label={t('announcements.form.attach')}
                  disabled={busy}
                  onChange={(e) => {
                    const f = e.target.files?.[0] ?? null
                    e.target.value = ''
                    if (f && !/\.(png|jpe?g)$/i.test(f.name)) {
                      toast.warning(t('announcements.validation.attachmentType'))
                      return
                    }
                    setFile(f)
                    if (f) setDropMedia(false)
                  }}
                />
                <Button variant="secondary" disabled={busy} onClick={() => fileInput.current?.click()}>
                  {t('announcements.form.attach')}
                </Button>
                {shownMedia && (
                  <Button
                    variant="ghost"
                    disabled={busy}
                    onClick={() => {
                      setFile(null)
                      setDropMedia(true)
                    }}
                  >
                    {t('announcements.form.removeAttachment')}
                  </Button>
                )}
              </div>
            </div>
          </div>
          {tab === 'advanced' && (
            <BlockEditor blocks={blocks} onChange={setBlocks} errors={blockProblems} disabled={busy} />
          )}
        </TabPanel>
      </FormDialog>
      <AnnouncementView record={previewing ? previewRecord : null} onClose={() => setPreviewing(false)} />
    </>
  )
}
