import { useId, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ClientErrorCodes, errorMessage, isApiError, useApi } from '@atende/client'
import {
  FieldShell,
  FormDialog,
  Select,
  TextField,
  cx,
  inputClass,
  inputErrorClass,
  sayAll,
  toast,
  useFormState,
} from '@atende/ui'
import { SecretField } from './SecretField.tsx'
import {
  MAX_MESSAGES_MAX,
  MAX_TOKENS_MAX,
  MODELS,
  NAME_MAX,
  TEXT_ONLY,
  VOICES,
  initialValues,
  promptBody,
  promptErrors,
  type PromptValues,
} from './rules.ts'
import type { Prompt } from './types.ts'
import { useQueueChoices } from './useQueueChoices.ts'

/** The fields a server 400 may name, each shown on its control. */
const FIELDS = new Set<string>(Object.keys(initialValues(null)))

export interface PromptDialogProps {
  /** null: closed; { record: null }: add. */
  editing: { record: Prompt | null } | null
  onClose: () => void
  onSaved: (record: Prompt) => void
  /** The plan lost the feature meanwhile (403 ERR_PLAN_FEATURE_DISABLED). */
  onPlanDenied: () => void
}

/**
 * Add or edit a prompt: every field of the OpenAI assistant a queue answers with. The keys are
 * typed hidden; an edited prompt shows only its stored keys' masks, and an empty box keeps them.
 */
export function PromptDialog({ editing, onClose, onSaved, onPlanDenied }: PromptDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const formId = useId()
  const record = editing?.record ?? null
  const { values, errors, setErrors, set, field, busy, setBusy } = useFormState<
    PromptValues,
    { record: Prompt | null }
  >(editing, (e) => initialValues(e?.record ?? null))
  const open = editing != null
  const queues = useQueueChoices(open)

  const showServerError = (err: unknown) => {
    if (isApiError(err) && err.code === ClientErrorCodes.PLAN_FEATURE_DISABLED) {
      onPlanDenied()
      return
    }
    const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
    if (isApiError(err) && err.field && FIELDS.has(err.field)) setErrors((x) => ({ ...x, [err.field!]: message }))
    else toast.error(message)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = promptErrors(values, record)
    setErrors(sayAll(t, found))
    if (Object.keys(found).length) return
    setBusy(true)
    try {
      const body = promptBody(values)
      const saved = record
        ? await api.put<Prompt>(`/prompt/${record.id}`, { body })
        : await api.post<Prompt>('/prompt', { body })
      onSaved(saved)
      toast.success(t(record ? 'prompts.toasts.edited' : 'prompts.toasts.added'))
      onClose()
    } catch (err) {
      showServerError(err)
    } finally {
      setBusy(false)
    }
  }

  const number = (key: 'maxTokens' | 'temperature' | 'maxMessages', extra: { step?: number; max?: number } = {}) => (
    <TextField
      type="number"
      inputMode={key === 'temperature' ? 'decimal' : 'numeric'}
      min={key === 'temperature' ? 0 : 1}
      label={t(`prompts.form.${key}`)}
      value={values[key]}
      onChange={(v) => set(key, v)}
      error={errors[key]}
      {...extra}
    />
  )
  const voiced = values.voice !== TEXT_ONLY
  const queueOptions = Array.isArray(queues) ? queues.map((q) => ({ value: q.id, label: q.name })) : []

  return (
    <FormDialog
      open={open}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      size="lg"
      ns="prompts"
      adds={!record}
      className="-mx-1 flex max-h-[65vh] flex-col gap-4 overflow-y-auto px-1 pb-1"
    >
      <TextField label={t('prompts.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
      <FieldShell
        id={`${formId}-prompt`}
        label={t('prompts.form.prompt')}
        error={errors.prompt}
        hint={t('prompts.form.promptHint')}
      >
        <textarea
          id={`${formId}-prompt`}
          rows={7}
          value={values.prompt}
          maxLength={20_000}
          onChange={(e) => set('prompt', e.target.value)}
          aria-invalid={errors.prompt ? true : undefined}
          aria-describedby={errors.prompt ? `${formId}-prompt-error` : `${formId}-prompt-hint`}
          className={cx(inputClass, 'resize-y', errors.prompt && inputErrorClass)}
        />
      </FieldShell>
      <div className="grid gap-3 sm:grid-cols-2">
        <Select
          label={t('prompts.form.model')}
          value={values.model}
          onChange={(v) => set('model', v)}
          options={MODELS.map((m) => ({ value: m, label: m }))}
        />
        <Select
          label={t('prompts.form.queue')}
          value={values.queueId}
          onChange={(v) => set('queueId', v)}
          placeholder={t(queues === null ? 'prompts.form.queuesLoading' : 'prompts.form.queuePlaceholder')}
          options={queueOptions}
          error={
            errors.queueId ??
            (queues === 'failed'
              ? t('prompts.form.queuesError')
              : Array.isArray(queues) && queues.length === 0
                ? t('prompts.form.noQueues')
                : undefined)
          }
        />
      </div>
      <SecretField
        label={t('prompts.form.apiKey')}
        value={values.apiKey}
        onChange={(v) => set('apiKey', v)}
        error={errors.apiKey}
        storedMask={record?.apiKeySet ? record.apiKeyMask : undefined}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        {number('maxTokens', { max: MAX_TOKENS_MAX })}
        {number('temperature', { step: 0.1, max: 1 })}
        {number('maxMessages', { max: MAX_MESSAGES_MAX })}
      </div>
      <Select
        label={t('prompts.form.voice')}
        value={values.voice}
        onChange={(v) => set('voice', v)}
        options={[{ value: TEXT_ONLY, label: t('prompts.form.textOnly') }, ...VOICES]}
      />
      {voiced && (
        <div className="grid gap-3 sm:grid-cols-2">
          <SecretField
            label={t('prompts.form.voiceKey')}
            value={values.voiceKey}
            onChange={(v) => set('voiceKey', v)}
            error={errors.voiceKey}
            storedMask={record?.voiceKeySet ? record.voiceKeyMask : undefined}
          />
          <TextField
            label={t('prompts.form.voiceRegion')}
            {...field('voiceRegion')}
            placeholder="brazilsouth"
            maxLength={50}
          />
        </div>
      )}
    </FormDialog>
  )
}
