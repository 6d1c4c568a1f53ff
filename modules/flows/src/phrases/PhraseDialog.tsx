import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import {
  FormDialog,
  Loading,
  Select,
  Switch,
  TextField,
  rules,
  say,
  useFormState,
  useSaveRecord,
  type FieldErrors,
} from '@atende/ui'
import { fail, ok } from '../access.tsx'
import type { FlowCampaignWire } from '../types.ts'
import { NAME_MAX, PHRASE_MAX } from '../validation.ts'
import { usePhraseChoices } from './usePhraseData.ts'

interface Values {
  name: string
  flowId: string
  phrase: string
  whatsappId: string
  status: boolean
}
const FIELDS = ['name', 'flowId', 'phrase', 'whatsappId'] as const

const initial = (c: FlowCampaignWire | null): Values => ({
  name: c?.name ?? '',
  flowId: c ? String(c.flowId) : '',
  phrase: c?.phrase ?? '',
  whatsappId: c ? String(c.whatsappId) : '',
  status: c?.status ?? true,
})

export interface PhraseDialogProps {
  editing: { campaign: FlowCampaignWire | null } | null
  onClose: () => void
  onSaved: (c: FlowCampaignWire) => void
}

/** Add or edit a phrase campaign: name, flow, phrase and connection, all required; status on edit. */
export function PhraseDialog({ editing, onClose, onSaved }: PhraseDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const campaign = editing?.campaign ?? null
  const { flows, connections, failed } = usePhraseChoices(editing != null)
  const { values, setErrors, set, field, setBusy, dialog } = useFormState(editing, (e) => initial(e?.campaign ?? null))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found: FieldErrors<Values> = {}
    for (const k of FIELDS) if (!values[k].trim()) found[k] = t('phrases.validation.required')
    const long = say(t, rules.maxLength(NAME_MAX)(values.name.trim()))
    if (long) found.name = long
    setErrors(found)
    if (Object.values(found).some(Boolean)) return
    const body = {
      name: values.name.trim(),
      flowId: Number(values.flowId),
      phrase: values.phrase.trim(),
      whatsappId: Number(values.whatsappId),
    }
    void save<FlowCampaignWire>({
      send: () =>
        campaign
          ? api.put<FlowCampaignWire>('/flowcampaign', { body: { id: campaign.id, ...body, status: values.status } })
          : api.post<FlowCampaignWire>('/flowcampaign', { body }),
      setBusy,
      then: (saved) => {
        ok(t(campaign ? 'phrases.updated' : 'phrases.created'))
        onSaved(saved)
        onClose()
      },
      failed: (err) => {
        const message = errorMessage(err, t, { exists: (k) => i18n.exists(k) })
        if (isApiError(err) && err.field && (FIELDS as readonly string[]).includes(err.field))
          setErrors((x) => ({ ...x, [err.field as keyof Values]: message }))
        else fail(`${t('phrases.saveError')} ${message}`)
      },
    })
  }

  const ready = !!flows && !!connections
  return (
    <FormDialog {...dialog(onClose, submit)} size="lg" ns="phrases" adds={!campaign} submitDisabled={!ready}>
      {!flows || !connections ? (
        <Loading label={t('flowsCommon.loading')} />
      ) : (
        <>
          {failed && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {t('phrases.choicesError')}
            </p>
          )}
          <TextField label={t('phrases.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
          <Select
            label={t('phrases.form.flow')}
            placeholder={t('phrases.form.pick')}
            options={flows.map((f) => ({ value: f.id, label: f.name }))}
            {...field('flowId')}
          />
          <TextField
            label={t('phrases.form.phrase')}
            hint={t('phrases.form.phraseHint')}
            {...field('phrase')}
            maxLength={PHRASE_MAX}
          />
          <Select
            label={t('phrases.form.connection')}
            placeholder={t('phrases.form.pick')}
            options={connections.map((c) => ({ value: c.id, label: c.name }))}
            {...field('whatsappId')}
          />
          {campaign && (
            <Switch
              label={t('phrases.form.status')}
              stateLabel={t(values.status ? 'phrases.active' : 'phrases.disabled')}
              checked={values.status}
              onChange={(v) => set('status', v)}
            />
          )}
        </>
      )}
    </FormDialog>
  )
}
