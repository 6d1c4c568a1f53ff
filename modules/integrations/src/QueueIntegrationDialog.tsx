import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ClientErrorCodes, errorMessage, isAbortError, isApiError, useApi } from '@atende/client'
import {
  Button,
  Dialog,
  Select,
  TextAreaField,
  TextField,
  cx,
  say,
  toast,
  useFormState,
  useSaveRecord,
  type FieldErrors,
  type Problem,
} from '@atende/ui'
import {
  INTEGRATION_TYPES,
  LANGUAGES,
  type FlowChoice,
  type IntegrationType,
  type Language,
  type QueueIntegration,
  type QueueIntegrationInput,
} from './types.ts'
import {
  NAME_MAX,
  serverProblem,
  URL_MAX,
  integerError,
  nameError,
  required,
  signsCalls,
  usesUrl,
} from './validation.ts'

interface Values {
  type: IntegrationType
  name: string
  projectName: string
  jsonContent: string
  language: Language
  urlN8N: string
  typebotSlug: string
  typebotExpires: string
  typebotDelayMessage: string
  typebotKeywordFinish: string
  typebotKeywordRestart: string
  typebotRestartMessage: string
  typebotUnknownMessage: string
  flowId: string
}
type Errors = FieldErrors<Values>

const initial = (r: QueueIntegration | null): Values => ({
  type: r?.type ?? 'n8n',
  name: r?.name ?? '',
  projectName: r?.type === 'dialogflow' ? r.projectName : '',
  jsonContent: '',
  language: (LANGUAGES as readonly string[]).includes(r?.language ?? '') ? (r!.language as Language) : 'pt-BR',
  urlN8N: r?.urlN8N ?? '',
  typebotSlug: r?.typebotSlug ?? '',
  typebotExpires: String(r?.typebotExpires ?? 1),
  typebotDelayMessage: String(r?.typebotDelayMessage ?? 1000),
  typebotKeywordFinish: r?.typebotKeywordFinish ?? '',
  typebotKeywordRestart: r?.typebotKeywordRestart ?? '',
  typebotRestartMessage: r?.typebotRestartMessage ?? '',
  typebotUnknownMessage: r?.typebotUnknownMessage ?? '',
  flowId: r?.flowId != null ? String(r.flowId) : '',
})

/** The fields the server may name in a 400, and the form field each lands on. */
const FIELDS = new Set<string>(Object.keys(initial(null)))

/**
 * The agent test's refusals (plugins/integrations dialogflow.ts) and the field each shows on; a
 * timeout or another failure is a toast.
 */
const TEST_FAILURES: Record<string, keyof Values | null> = {
  ERR_DIALOGFLOW_KEY_INVALID: 'jsonContent',
  ERR_DIALOGFLOW_UNAUTHORIZED: 'jsonContent',
  ERR_DIALOGFLOW_PROJECT_NOT_FOUND: 'projectName',
  ERR_DIALOGFLOW_TIMEOUT: null,
  ERR_DIALOGFLOW_FAILED: null,
}

/** What the body sends: only the chosen type's fields (the server ignores or blanks the rest). */
function body(v: Values): QueueIntegrationInput {
  const base: QueueIntegrationInput = { type: v.type, name: v.name.trim() }
  switch (v.type) {
    case 'dialogflow':
      return {
        ...base,
        projectName: v.projectName.trim(),
        jsonContent: v.jsonContent.trim(),
        language: v.language,
      }
    case 'n8n':
    case 'webhook':
      return { ...base, urlN8N: v.urlN8N.trim() }
    case 'typebot':
      return {
        ...base,
        urlN8N: v.urlN8N.trim(),
        typebotSlug: v.typebotSlug.trim(),
        typebotExpires: Number(v.typebotExpires),
        typebotDelayMessage: Number(v.typebotDelayMessage),
        typebotKeywordFinish: v.typebotKeywordFinish.trim(),
        typebotKeywordRestart: v.typebotKeywordRestart.trim(),
        typebotRestartMessage: v.typebotRestartMessage,
        typebotUnknownMessage: v.typebotUnknownMessage,
      }
    case 'flowbuilder':
      return { ...base, flowId: Number(v.flowId) }
  }
}

export interface QueueIntegrationDialogProps {
  /** null: closed; { record: null }: add. */
  editing: { record: QueueIntegration | null } | null
  onClose: () => void
  onSaved: (record: QueueIntegration) => void
  /** The plan lost the feature meanwhile (403 ERR_PLAN_FEATURE_DISABLED). */
  onPlanDenied: () => void
}

/**
 * Add or edit a queue integration: the type decides the fields. A new
 * n8n or webhook integration stays open on its signing secret after saving; the others close.
 */
export function QueueIntegrationDialog({ editing, onClose, onSaved, onPlanDenied }: QueueIntegrationDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const formId = useId()
  // After a create, the dialog goes on editing the saved row (its secret shows).
  const [record, setRecord] = useState<QueueIntegration | null>(editing?.record ?? null)
  const { values, setValues, errors, setErrors, set, field, busy, setBusy } = useFormState(editing, (e) =>
    initial(e?.record ?? null),
  )
  const [secret, setSecret] = useState('')
  const [justCreated, setJustCreated] = useState(false)
  const [testing, setTesting] = useState(false)
  const [flows, setFlows] = useState<FlowChoice[] | null>(null)
  const [flowsFailed, setFlowsFailed] = useState(false)
  const message = (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })

  useEffect(() => {
    if (!editing) return
    setRecord(editing.record)
    setSecret(editing.record?.secret ?? '')
    setJustCreated(false)
    if (!editing.record) return
    // The list's copy may come from a realtime frame, which leaves the secret out: read it afresh.
    const ctrl = new AbortController()
    api
      .get<QueueIntegration>(`/queueIntegration/${editing.record.id}`, { signal: ctrl.signal })
      .then((r) => setSecret(r.secret))
      .catch((err) => {
        if (!isAbortError(err)) console.warn('[integrations] read failed', err)
      })
    return () => ctrl.abort()
  }, [editing, api])

  // The flow choices, once the flowbuilder type is picked.
  const open = editing != null
  const wantsFlows = open && values.type === 'flowbuilder'
  useEffect(() => {
    if (!wantsFlows || flows) return
    const ctrl = new AbortController()
    setFlowsFailed(false)
    api
      .get<{ flows: FlowChoice[] }>('/flowbuilder/list', { signal: ctrl.signal })
      .then((r) => setFlows(r.flows))
      .catch((err) => {
        if (isAbortError(err)) return
        console.warn('[integrations] flows failed', err)
        setFlowsFailed(true)
      })
    return () => ctrl.abort()
  }, [wantsFlows, flows, api])

  /** Puts the words of a rule's problem on a field. */
  const add = (found: Errors, key: keyof Values, problem: Problem | null) => {
    if (problem) found[key] = say(t, problem)!
  }
  const check = (): Errors => {
    const found: Errors = {}
    add(found, 'name', nameError(values.name))
    if (values.type === 'dialogflow') {
      add(found, 'projectName', required(values.projectName))
      // On edit an empty key keeps the stored one.
      if (!(record?.type === 'dialogflow' && record.jsonContentSet))
        add(found, 'jsonContent', required(values.jsonContent))
    }
    if (usesUrl(values.type)) add(found, 'urlN8N', required(values.urlN8N))
    if (values.type === 'typebot') {
      add(found, 'typebotSlug', required(values.typebotSlug))
      add(found, 'typebotExpires', integerError(values.typebotExpires, 0, 10_080))
      add(found, 'typebotDelayMessage', integerError(values.typebotDelayMessage, 0, 60_000))
    }
    if (values.type === 'flowbuilder') add(found, 'flowId', required(values.flowId))
    return found
  }

  /** A 400 naming a field shows on it; anything else is a toast. */
  const showServerError = (err: unknown) => {
    if (isApiError(err) && err.code === ClientErrorCodes.PLAN_FEATURE_DISABLED) {
      onPlanDenied()
      return
    }
    if (isApiError(err) && err.field && FIELDS.has(err.field)) {
      const field = err.field as keyof Values
      const known = err.code === 'ERR_VALIDATION' ? serverProblem(err) : null
      setErrors((x) => ({ ...x, [field]: say(t, known) ?? message(err) }))
    } else toast.error(message(err))
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = check()
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    void save<QueueIntegration>({
      path: '/queueIntegration',
      id: record?.id,
      body: body(values),
      setBusy,
      failed: showServerError,
      then: (saved) => {
        onSaved(saved)
        toast.success(t(record ? 'integrations.toasts.edited' : 'integrations.toasts.added'))
        if (!record && signsCalls(saved.type)) {
          // Stay open on the new integration's secret: whoever sets up the receiver needs it.
          setRecord(saved)
          setValues(initial(saved))
          setSecret(saved.secret)
          setJustCreated(true)
          return
        }
        onClose()
      },
    })
  }

  /**
   * Test the agent: a token for the key and "Olá" to it. On edit an empty key tests the stored one
   * (sent as `id`: the browser never holds it). A refusal shows in the user's language with the
   * server's reason, on the field at fault when there is one.
   */
  const testSession = async () => {
    const found: Errors = {}
    add(found, 'projectName', required(values.projectName))
    const storedKey = record?.type === 'dialogflow' && record.jsonContentSet && !values.jsonContent.trim()
    if (!storedKey) add(found, 'jsonContent', required(values.jsonContent))
    if (found.projectName || found.jsonContent) {
      setErrors((e) => ({ ...e, ...found }))
      return
    }
    setErrors((e) => ({ ...e, projectName: undefined, jsonContent: undefined }))
    setTesting(true)
    try {
      await api.post<{ message: string }>('/queueIntegration/testSession', {
        body: {
          projectName: values.projectName.trim(),
          jsonContent: storedKey ? '' : values.jsonContent.trim(),
          language: values.language,
          ...(storedKey ? { id: record.id } : {}),
        },
      })
      toast.success(t('integrations.toasts.tested'))
    } catch (err) {
      if (isApiError(err) && TEST_FAILURES[err.code] !== undefined) {
        const text = t('integrations.form.testReason', { text: message(err), reason: err.message })
        const field = TEST_FAILURES[err.code]
        if (field) setErrors((x) => ({ ...x, [field]: text }))
        else toast.error(text)
      } else showServerError(err)
    } finally {
      setTesting(false)
    }
  }

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(secret)
      toast.success(t('integrations.secret.copied'))
    } catch {
      toast.error(t('integrations.secret.copyFailed'))
    }
  }

  const type = values.type
  const keyStored = record?.type === 'dialogflow' && record.jsonContentSet
  const textarea = (
    key: 'jsonContent' | 'typebotRestartMessage' | 'typebotUnknownMessage',
    rows: number,
    hint?: string,
  ) => (
    <TextAreaField
      label={t(`integrations.form.${key}`)}
      {...field(key)}
      hint={hint}
      rows={rows}
      maxLength={key === 'jsonContent' ? 20_000 : 4096}
      spellCheck={key !== 'jsonContent'}
      areaClassName={cx('resize-y', key === 'jsonContent' && 'font-mono text-xs')}
    />
  )
  const text = (
    key: keyof Values,
    maxLength: number,
    extra: { hint?: string; placeholder?: string; inputMode?: 'numeric' } = {},
  ) => <TextField label={t(`integrations.form.${key}`)} {...field(key)} maxLength={maxLength} {...extra} />

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose()
      }}
      size="lg"
      title={t(record && !justCreated ? 'integrations.form.editTitle' : 'integrations.form.addTitle')}
      footer={
        justCreated ? (
          <Button onClick={onClose}>{t('integrations.form.done')}</Button>
        ) : (
          <>
            {type === 'dialogflow' && (
              <Button
                variant="secondary"
                onClick={() => void testSession()}
                loading={testing}
                disabled={busy}
                className="mr-auto"
              >
                {t('integrations.form.test')}
              </Button>
            )}
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              {t('integrations.form.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={busy}>
              {t(record ? 'integrations.form.save' : 'integrations.form.add')}
            </Button>
          </>
        )
      }
    >
      <form
        id={formId}
        onSubmit={submit}
        noValidate
        className="-mx-1 flex max-h-[65vh] flex-col gap-4 overflow-y-auto px-1 pb-1"
      >
        {/* Once a new integration is saved, the dialog only shows it (and its secret): edits go through Edit. */}
        <fieldset disabled={justCreated} className="m-0 flex min-w-0 flex-col gap-4 border-0 p-0">
          <div className="grid gap-3 sm:grid-cols-2">
            <Select
              label={t('integrations.form.type')}
              value={type}
              onChange={(v) => set('type', v as IntegrationType)}
              options={INTEGRATION_TYPES.map((x) => ({ value: x, label: t(`integrations.types.${x}`) }))}
            />
            <TextField label={t('integrations.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
          </div>

          {type === 'dialogflow' && (
            <>
              <div className="grid gap-3 sm:grid-cols-2">
                {text('projectName', 100)}
                <Select
                  label={t('integrations.form.language')}
                  value={values.language}
                  onChange={(v) => set('language', v as Language)}
                  options={LANGUAGES.map((l) => ({ value: l, label: t(`integrations.languages.${l}`) }))}
                />
              </div>
              {textarea(
                'jsonContent',
                6,
                keyStored ? t('integrations.form.jsonContentStored') : t('integrations.form.jsonContentHint'),
              )}
            </>
          )}

          {usesUrl(type) && text('urlN8N', URL_MAX, { placeholder: 'https://', hint: t('integrations.form.urlHint') })}

          {type === 'typebot' && (
            <>
              <div className="grid gap-3 sm:grid-cols-3">
                {text('typebotSlug', 200)}
                {text('typebotExpires', 6, { inputMode: 'numeric', hint: t('integrations.form.typebotExpiresHint') })}
                {text('typebotDelayMessage', 6, { inputMode: 'numeric' })}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                {text('typebotKeywordFinish', 100)}
                {text('typebotKeywordRestart', 100)}
              </div>
              {textarea('typebotRestartMessage', 2)}
              {textarea('typebotUnknownMessage', 2)}
            </>
          )}

          {type === 'flowbuilder' && (
            <Select
              label={t('integrations.form.flowId')}
              value={values.flowId}
              onChange={(v) => set('flowId', v)}
              placeholder={flows ? t('integrations.form.flowPlaceholder') : t('integrations.form.flowsLoading')}
              options={(flows ?? []).map((f) => ({
                value: f.id,
                label: f.active ? f.name : `${f.name} (${t('integrations.form.flowInactive')})`,
              }))}
              error={
                errors.flowId ??
                (flowsFailed
                  ? t('integrations.form.flowsError')
                  : flows && flows.length === 0
                    ? t('integrations.form.noFlows')
                    : undefined)
              }
            />
          )}
        </fieldset>

        {signsCalls(type) && record && signsCalls(record.type) && secret && (
          <div
            className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 dark:border-slate-600 dark:bg-slate-800"
            data-testid="integration-secret"
          >
            {justCreated && <p className="text-sm font-medium">{t('integrations.secret.created')}</p>}
            <div className="flex items-end gap-2">
              <TextField
                label={t('integrations.secret.label')}
                value={secret}
                readOnly
                className="min-w-0 flex-1"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="secondary" onClick={() => void copySecret()}>
                {t('integrations.secret.copy')}
              </Button>
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-300">{t('integrations.secret.hint')}</p>
          </div>
        )}
      </form>
    </Dialog>
  )
}
