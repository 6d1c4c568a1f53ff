import { useState, type FormEvent } from 'react'

/** What a settings form is told by its tab (CompanyForm, PlanForm). */
export interface SettingsFormProps {
  editing: boolean
  saving: boolean
  onSubmit: () => void
  onClear: () => void
  onDelete: () => void
}

/**
 * A settings form's submit and foot: its own rules show once it was submitted, it saves only when
 * `valid()`, and Clear forgets the attempt. Spread `form` on the <form>, `actions` on FormActions.
 */
export function useSettingsForm(p: SettingsFormProps, valid: () => boolean) {
  const [submitted, setSubmitted] = useState(false)
  const form = {
    noValidate: true,
    className: 'flex flex-col gap-4',
    onSubmit: (e: FormEvent) => {
      e.preventDefault()
      setSubmitted(true)
      if (valid()) p.onSubmit()
    },
  }
  const actions = {
    editing: p.editing,
    saving: p.saving,
    onDelete: p.onDelete,
    onClear: () => {
      setSubmitted(false)
      p.onClear()
    },
  }
  return { submitted, form, actions }
}
