import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError, useApi } from '@atende/client'
import { FormDialog, TextField, say, useFormState } from '@atende/ui'
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
  const message = useErrorText()
  const flow = editing?.flow ?? null
  const { values, errors, setErrors, set, busy, setBusy } = useFormState(editing, (e) => ({
    name: e?.flow?.name ?? '',
  }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = flowNameError(values.name)
    if (problem) return setErrors({ name: say(t, problem)! })
    const name = values.name.trim()
    setBusy(true)
    try {
      const saved = flow
        ? await api.put<FlowWire>('/flowbuilder', { body: { flowId: flow.id, name } })
        : await api.post<FlowWire>('/flowbuilder', { body: { name } })
      ok(t(flow ? 'flows.renamed' : 'flows.created'))
      onSaved(saved)
      onClose()
    } catch (err) {
      // A refusal of the name goes under it; anything else is the flow routes' toast.
      if (isApiError(err) && err.field === 'name') setErrors({ name: message(err) })
      else fail(`${t('flows.saveError')} ${message(err)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      open={editing != null}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
      title={t(flow ? 'flows.form.renameTitle' : 'flows.form.addTitle')}
      cancelLabel={t('flowsCommon.cancel')}
      submitLabel={t(flow ? 'flowsCommon.save' : 'flowsCommon.add')}
    >
      <TextField
        label={t('flows.form.name')}
        value={values.name}
        onChange={(v) => set('name', v)}
        error={errors.name}
        autoFocus
        maxLength={NAME_MAX}
      />
    </FormDialog>
  )
}
