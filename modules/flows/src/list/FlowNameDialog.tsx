import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError, useApi } from '@atende/client'
import { FormDialog, TextField, say, useFormState, useSaveRecord } from '@atende/ui'
import { fail, ok } from '../access.tsx'
import type { FlowWire } from '../types.ts'
import { useErrorText } from '../useAskDelete.tsx'
import { NAME_MAX, flowNameError } from '../validation.ts'

export interface FlowNameDialogProps {
  /** null: closed; { flow: null }: add a flow; { flow }: rename it. */
  editing: { flow: FlowWire | null } | null
  onClose: () => void
  onSaved: (flow: FlowWire) => void
}

/** Add a flow (POST /flowbuilder { name }) or rename one (PUT /flowbuilder { flowId, name }). */
export function FlowNameDialog({ editing, onClose, onSaved }: FlowNameDialogProps) {
  const { t } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const message = useErrorText()
  const flow = editing?.flow ?? null
  const { values, setErrors, field, setBusy, dialog } = useFormState(editing, (e) => ({
    name: e?.flow?.name ?? '',
  }))

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const problem = flowNameError(values.name)
    if (problem) return setErrors({ name: say(t, problem)! })
    const name = values.name.trim()
    void save<FlowWire>({
      send: () =>
        flow
          ? api.put<FlowWire>('/flowbuilder', { body: { flowId: flow.id, name } })
          : api.post<FlowWire>('/flowbuilder', { body: { name } }),
      setBusy,
      then: (saved) => {
        ok(t(flow ? 'flows.renamed' : 'flows.created'))
        onSaved(saved)
        onClose()
      },
      // A refusal of the name goes under it; anything else is the flow routes' toast.
      failed: (err) => {
        if (isApiError(err) && err.field === 'name') setErrors({ name: message(err) })
        else fail(`${t('flows.saveError')} ${message(err)}`)
      },
    })
  }

  return (
    <FormDialog {...dialog(onClose, submit)} ns="flows" adds={!flow}>
      <TextField label={t('flows.form.name')} {...field('name')} autoFocus maxLength={NAME_MAX} />
    </FormDialog>
  )
}
