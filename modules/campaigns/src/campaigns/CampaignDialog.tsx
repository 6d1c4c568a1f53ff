import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import {
  Badge,
  Button,
  FormDialog,
  Select,
  TabPanel,
  Tabs,
  TextAreaField,
  TextField,
  TrashIcon,
  cx,
  sayAll,
  toast,
  useSaveRecord,
} from '@atende/ui'
import { isPlanDenied } from '../access.tsx'
import { AttachIcon, actionClass, dangerActionClass } from '../icons.tsx'
import {
  BUILTIN_VARIABLES,
  MESSAGE_KEYS,
  MESSAGE_MAX,
  NAME_MAX,
  STATUS_TONE,
  fromLocalInput,
  isEditable,
  settingsFrom,
  toLocalInput,
  type Campaign,
  type CampaignSettingRow,
  type MessageKey,
} from './types.ts'
import { campaignErrors, type CampaignForm as Form, type CampaignFormErrors } from './rules.ts'

/** The form's errors as shown (translated). */
type Errors = Partial<Record<keyof CampaignFormErrors, string>>
import { useLookups } from './useCampaigns.ts'

export interface CampaignDialogProps {
  /** null: closed; { id: null }: add; { id }: edit (or view, when the campaign is not editable). */
  editing: { id: number | null } | null
  /** The campaign being edited as the list holds it now (live): its `editable` decides read-only. */
  record: Campaign | null
  onClose: () => void
  onSaved: (record: Campaign) => void
  onPlanDenied: () => void
  onStop: (record: Campaign) => void
  onRestart: (record: Campaign) => void
}

const emptyMessages = (): Record<MessageKey, string> => ({
  message1: '',
  message2: '',
  message3: '',
  message4: '',
  message5: '',
})
const formOf = (c: Campaign | null): Form => ({
  name: c?.name ?? '',
  messages: c
    ? { message1: c.message1, message2: c.message2, message3: c.message3, message4: c.message4, message5: c.message5 }
    : emptyMessages(),
  contactListId: c?.contactListId ? String(c.contactListId) : '',
  tagListId: c?.tagListId ? String(c.tagListId) : '',
  fileListId: c?.fileListId ? String(c.fileListId) : '',
  whatsappId: c?.whatsappId ? String(c.whatsappId) : '',
  scheduledAt: toLocalInput(c?.scheduledAt),
})
const idOf = (v: string) => (v ? Number(v) : null)

/**
 * Add, edit or view a campaign: name, five message
 * variants in tabs with the variables they may use, an attachment, contact list, tag, connection
 * and schedule. Read-only while the server says it is not editable (running, finished, or starting
 * within the hour); from there a running one may be stopped and a cancelled one restarted.
 */
export function CampaignDialog({
  editing,
  record,
  onClose,
  onSaved,
  onPlanDenied,
  onStop,
  onRestart,
}: CampaignDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const formId = useId()
  const open = editing != null
  const lookups = useLookups(open)
  const [form, setForm] = useState<Form>(formOf(null))
  const [errors, setErrors] = useState<Errors>({})
  const [tab, setTab] = useState<MessageKey>('message1')
  const [busy, setBusy] = useState(false)
  const [mediaBusy, setMediaBusy] = useState(false)
  const [pendingFile, setPendingFile] = useState<File | null>(null)
  const [variables, setVariables] = useState<string[]>([])
  const fileRef = useRef<HTMLInputElement>(null)
  const message = (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })

  const editingId = editing?.id ?? null
  // The form is filled when the dialog opens (or opens on another campaign), not on every live frame.
  useEffect(() => {
    if (!open) return
    setForm(formOf(editingId != null ? record : null))
    setErrors({})
    setTab('message1')
    setPendingFile(null)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, editingId])

  // The settings' variables for the hint; without them the built-in ones still show.
  useEffect(() => {
    if (!open) return
    const ctrl = new AbortController()
    api
      .get<CampaignSettingRow[]>('/campaign-settings', { signal: ctrl.signal })
      .then((rows) => setVariables(settingsFrom(rows).variables.map((v) => `{${v.key}}`)))
      .catch(() => setVariables([]))
    return () => ctrl.abort()
  }, [api, open])

  const readOnly = editingId != null && !!record && !isEditable(record)
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }
  /** A text or choice of the campaign: its value, change and error. */
  const field = (key: 'name' | 'scheduledAt' | 'tagListId' | 'whatsappId') => ({
    value: form[key],
    onChange: (v: string) => set(key, v),
    error: errors[key],
  })
  const setMessage = (key: MessageKey, value: string) => {
    setForm((f) => ({ ...f, messages: { ...f.messages, [key]: value } }))
    setErrors((e) => ({ ...e, [key]: undefined, message1: undefined }))
  }

  const upload = async (id: number, file: File) => {
    const body = new FormData()
    body.append('file', file)
    return api.post<Campaign>(`/campaigns/${id}/media-upload`, { body, timeoutMs: 120_000 })
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (readOnly) return
    const found = campaignErrors(form)
    if (Object.keys(found).length) {
      setErrors(sayAll(t, found))
      const firstMessage = MESSAGE_KEYS.find((k) => found[k])
      if (firstMessage) setTab(firstMessage)
      return
    }
    const body = {
      name: form.name.trim(),
      ...form.messages,
      scheduledAt: fromLocalInput(form.scheduledAt),
      whatsappId: idOf(form.whatsappId),
      contactListId: idOf(form.contactListId),
      tagListId: idOf(form.tagListId),
      fileListId: idOf(form.fileListId ?? ''),
    }
    void save<Campaign>({
      path: '/campaigns',
      id: editingId,
      body,
      setBusy,
      then: async (saved) => {
        if (pendingFile) {
          try {
            saved = await upload(saved.id, pendingFile)
          } catch (err) {
            toast.error(t('campaignDialog.toasts.mediaFailed', { message: message(err) }))
          }
        }
        onSaved(saved)
        toast.success(t('campaignDialog.toasts.saved'))
        onClose()
      },
      failed: (err) => {
        if (isPlanDenied(err)) onPlanDenied()
        const text = message(err)
        const field = isApiError(err) ? err.field : undefined
        if (
          field &&
          ['name', 'whatsappId', 'contactListId', 'tagListId', 'fileListId', 'scheduledAt', ...MESSAGE_KEYS].includes(
            field,
          )
        ) {
          setErrors((x) => ({ ...x, [field]: text }))
          if ((MESSAGE_KEYS as readonly string[]).includes(field)) setTab(field as MessageKey)
        } else toast.error(text)
      },
    })
  }

  const attach = async (file: File | undefined) => {
    if (!file) return
    if (editingId == null) return setPendingFile(file)
    setMediaBusy(true)
    try {
      onSaved(await upload(editingId, file))
    } catch (err) {
      toast.error(message(err))
    } finally {
      setMediaBusy(false)
    }
  }
  const removeMedia = async () => {
    if (editingId == null) return setPendingFile(null)
    setMediaBusy(true)
    try {
      onSaved(await api.delete<Campaign>(`/campaigns/${editingId}/media-upload`))
    } catch (err) {
      toast.error(message(err))
    } finally {
      setMediaBusy(false)
    }
  }

  const close = () => {
    if (!busy) onClose()
  }
  const choices = (rows: { id: number; name: string }[], current: string, currentName?: string | null) => {
    const options = rows.map((r) => ({ value: String(r.id), label: r.name }))
    // A choice the lookup does not list (deleted meanwhile, or the lookup failed) still shows by name.
    if (current && !options.some((o) => o.value === current))
      options.unshift({ value: current, label: currentName ?? `#${current}` })
    return options
  }
  const variableList = [...BUILTIN_VARIABLES, ...variables].join(', ')
  const mediaName = editingId != null ? record?.mediaName : pendingFile?.name
  const title =
    editingId == null
      ? t('campaignDialog.addTitle')
      : readOnly
        ? t('campaignDialog.readOnlyTitle')
        : t('campaignDialog.editTitle')

  return (
    <FormDialog
      open={open}
      busy={busy}
      onClose={close}
      onSubmit={submit}
      size="lg"
      title={
        <span className="flex items-center gap-2">
          {title}
          {record && editingId != null && (
            <Badge tone={STATUS_TONE[record.status]}>{t(`campaignStatus.${record.status}`)}</Badge>
          )}
        </span>
      }
      footerStart={
        readOnly
          ? record?.status === 'EM_ANDAMENTO' && (
              <Button variant="danger" onClick={() => onStop(record)}>
                {t('campaignDialog.stop')}
              </Button>
            )
          : record?.status === 'CANCELADA' &&
            editingId != null && (
              <Button variant="secondary" onClick={() => onRestart(record)} disabled={busy}>
                {t('campaignDialog.restart')}
              </Button>
            )
      }
      cancelLabel={t(readOnly ? 'campaignDialog.close' : 'campaignDialog.cancel')}
      submitLabel={readOnly ? null : t(editingId == null ? 'campaignDialog.add' : 'campaignDialog.save')}
      className="flex max-h-[70vh] flex-col gap-4 overflow-y-auto pr-1"
      formTestid="campaign-form"
    >
      {readOnly && (
        <p
          role="status"
          data-testid="campaign-read-only"
          className="rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          {t('campaignDialog.readOnly')}
        </p>
      )}
      {lookups.status === 'error' && (
        <p role="alert" className="flex items-center gap-2 text-sm text-red-700 dark:text-red-300">
          {t('campaignDialog.lookupsError')}
          <Button variant="secondary" onClick={lookups.retry}>
            {t('campaignList.retry')}
          </Button>
        </p>
      )}
      <TextField
        label={t('campaignDialog.name')}
        {...field('name')}
        disabled={readOnly}
        autoFocus={!readOnly}
        maxLength={NAME_MAX}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={t('campaignDialog.contactList')}
          value={form.contactListId}
          onChange={(v) => set('contactListId', v)}
          options={choices(lookups.contactLists, form.contactListId, record?.contactList?.name)}
          placeholder={t('campaignDialog.choose')}
          error={errors.contactListId ?? (lookups.contactListsMissing ? t('campaignDialog.contactListsMissing') : null)}
          disabled={readOnly}
        />
        <Select
          label={t('campaignDialog.tagList')}
          {...field('tagListId')}
          options={choices(lookups.tags, form.tagListId)}
          placeholder={t('campaignDialog.none')}
          disabled={readOnly}
        />
        <Select
          label={t('campaignDialog.fileList')}
          value={form.fileListId ?? ''}
          onChange={(v) => set('fileListId', v)}
          options={choices(lookups.fileLists, form.fileListId ?? '')}
          placeholder={t('campaignDialog.none')}
          error={errors.fileListId}
          disabled={readOnly}
          data-testid="campaign-file-list"
        />
        <Select
          label={t('campaignDialog.whatsapp')}
          {...field('whatsappId')}
          options={choices(lookups.connections, form.whatsappId, record?.whatsapp?.name)}
          placeholder={t('campaignDialog.choose')}
          disabled={readOnly}
        />
        <TextField
          type="datetime-local"
          label={t('campaignDialog.scheduledAt')}
          {...field('scheduledAt')}
          hint={readOnly ? undefined : t('campaignDialog.scheduledHint')}
          disabled={readOnly}
        />
      </div>

      <div className="flex flex-col gap-2">
        <Tabs
          label={t('campaignDialog.messages')}
          idPrefix={`${formId}-messages`}
          active={tab}
          onChange={setTab}
          small
          tabs={MESSAGE_KEYS.map((k, i) => ({
            key: k,
            label: `${t('campaignDialog.message', { n: i + 1 })}${form.messages[k].trim() ? ' •' : ''}`,
            testId: `campaign-tab-${k}`,
          }))}
        />
        <TabPanel idPrefix={`${formId}-messages`} active={tab}>
          <TextAreaField
            id={`${formId}-${tab}`}
            label={t('campaignDialog.message', { n: MESSAGE_KEYS.indexOf(tab) + 1 })}
            error={errors[tab]}
            hint={t('campaignDialog.variablesHint', { list: variableList, interpolation: { escapeValue: false } })}
            rows={5}
            value={form.messages[tab]}
            onChange={(v) => setMessage(tab, v)}
            placeholder={t('campaignDialog.messagePlaceholder')}
            maxLength={MESSAGE_MAX}
            disabled={readOnly}
          />
        </TabPanel>
      </div>

      <div className="flex flex-wrap items-center gap-2" data-testid="campaign-media">
        <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{t('campaignDialog.media')}:</span>
        {mediaName ? (
          <>
            {editingId != null && record?.mediaPath ? (
              <a href={record.mediaPath} target="_blank" rel="noreferrer" className="text-sm text-primary underline">
                {mediaName}
              </a>
            ) : (
              <span className="text-sm">
                {editingId == null ? t('campaignDialog.mediaPending', { name: mediaName }) : mediaName}
              </span>
            )}
            {!readOnly && (
              <button
                type="button"
                className={dangerActionClass}
                onClick={() => void removeMedia()}
                disabled={mediaBusy || busy}
                title={t('campaignDialog.removeMedia')}
                aria-label={t('campaignDialog.removeMedia')}
              >
                <TrashIcon className="h-4 w-4" />
              </button>
            )}
          </>
        ) : (
          !readOnly && (
            <button
              type="button"
              className={cx(actionClass, 'flex items-center gap-1 text-sm')}
              onClick={() => fileRef.current?.click()}
              disabled={mediaBusy || busy}
            >
              <AttachIcon className="h-4 w-4" />
              {t('campaignDialog.attach')}
            </button>
          )
        )}
        <input
          ref={fileRef}
          type="file"
          className="hidden"
          data-testid="campaign-media-input"
          onChange={(e) => {
            void attach(e.target.files?.[0])
            e.target.value = ''
          }}
        />
      </div>
    </FormDialog>
  )
}
