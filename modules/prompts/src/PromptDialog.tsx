import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { ClientErrorCodes, errorMessage, isApiError } from '@atende/client'
import { FormDialog, Select, TextAreaField, TextField, sayAll, toast, useFormState, useSaveRecord } from '@atende/ui'
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
  const save = useSaveRecord()
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

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = promptErrors(values, record)
    setErrors(sayAll(t, found))
    if (Object.keys(found).length) return
    void save<Prompt>({
      path: '/prompt',
      id: record?.id,
      body: promptBody(values),
      setBusy,
      then: (saved) => {
        onSaved(saved)
        toast.success(t(record ? 'prompts.toasts.edited' : 'prompts.toasts.added'))
        onClose()
      },
      failed: showServerError,
    })
  }

  const number = (key: 'maxTokens' | 'temperature' | 'maxMessages', extra: { step?: number; max?: number } = {}) => (
    <TextField
      type="number"
      inputMode={key === 'temperature' ? 'decimal' : 'numeric'}
      min={key === 'temperature' ? 0 : 1}
      label={t(`prompts.form.${key}`)}
      {...field(key)}
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
      <TextAreaField
        label={t('prompts.form.prompt')}
        hint={t('prompts.form.promptHint')}
        {...field('prompt')}
        rows={7}
        maxLength={20_000}
      />
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
        {...field('apiKey')}
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
            {...field('voiceKey')}
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
