import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import { Button, Dialog, TextField, say } from '@atende/ui'
import { fail, ok } from '../access.tsx'
import type { FlowWire } from '../types.ts'
import { NAME_MAX, flowNameError } from '../validation.ts'

export interface FlowNameDialogProps {
  /** null: closed; { flow: null }: add a flow; { flow }: rename it. */
  editing: { flow: FlowWire | null } | null
  onClose: () => void
  onSaved: (flow: FlowWire) => void
}

/** Add a flow (POST /flowbuilder { name }) or rename one (PUT /flowbuilder { flowId, name }). */
export function FlowNameDialog({ editing, onClose, onSaved }: FlowNameDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const formId = useId()
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const flow = editing?.flow ?? null

  useEffect(() => {
    if (!editing) return
    setName(editing.flow?.name ?? '')
    setError(null)
  }, [editing])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = flowNameError(name)
    if (problem) return setError(say(t, problem)!)
    setBusy(true)
    try {
      const saved = flow
        ? await api.put<FlowWire>('/flowbuilder', { body: { flowId: flow.id, name: name.trim() } })
        : await api.post<FlowWire>('/flowbuilder', { body: { name: name.trim() } })
      ok(t(flow ? 'flows.renamed' : 'flows.created'))
      onSaved(saved)
      onClose()
    } catch (err) {
      const message = errorMessage(err, t, { exists: (k) => i18n.exists(k) })
      if (isApiError(err) && err.field === 'name') setError(message)
      else fail(`${t('flows.saveError')} ${message}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={editing != null}
      onClose={() => {
        if (!busy) onClose()
      }}
      title={t(flow ? 'flows.form.renameTitle' : 'flows.form.addTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('flowsCommon.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy}>
            {t(flow ? 'flowsCommon.save' : 'flowsCommon.add')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate>
        <TextField
          label={t('flows.form.name')}
          value={name}
          onChange={(v) => {
            setName(v)
            setError(null)
          }}
          error={error}
          autoFocus
          maxLength={NAME_MAX}
        />
      </form>
    </Dialog>
  )
}
