import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, TextField, toast, type SlotDialogProps } from '@atende/ui'
import type { SessionUser } from '@atende/client'
import { client } from '../client.ts'
import { toastError } from '../errors.ts'
import * as v from '../validation.ts'

/**
 * The shell's own 'edit own profile' dialog (name, e-mail, password), used until the users module
 * provides `slots.profileDialog` with the full form.
 */
export function ProfileDialog({ open, onClose, user }: SlotDialogProps & { user: SessionUser }) {
  const { t } = useTranslation()
  const [form, setForm] = useState({ name: user.name, email: user.email, password: '' })
  const [errors, setErrors] = useState<v.Errors<typeof form>>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (open) {
      setForm({ name: user.name, email: user.email, password: '' })
      setErrors({})
    }
  }, [open, user])
  const set = (k: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [k]: value }))
  const err = (k: keyof typeof form) => v.say(t, errors[k])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const next = {
      name: v.length(2, v.NAME_MAX)(form.name),
      email: v.email(form.email),
      password: form.password ? v.password(form.password) : null,
    }
    setErrors(next)
    if (v.hasErrors(next)) return
    setBusy(true)
    try {
      const body = {
        name: form.name.trim(),
        email: form.email.trim(),
        ...(form.password && { password: form.password }),
      }
      const saved = await client.api.put<Partial<SessionUser>>(`/users/${user.id}`, { body })
      // Keep the stored user (company, due date) and take the new name and e-mail.
      const token = client.session.getToken()
      if (token) client.session.saveLogin({ token, user: { ...user, ...saved, company: user.company } })
      toast.success(t('profile.saved'))
      onClose()
    } catch (error) {
      toastError(t, error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('profile.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          name="name"
          maxLength={v.NAME_MAX}
          label={t('profile.name')}
          value={form.name}
          onChange={set('name')}
          error={err('name')}
          autoComplete="name"
        />
        <TextField
          name="email"
          maxLength={200}
          type="email"
          label={t('profile.email')}
          value={form.email}
          onChange={set('email')}
          error={err('email')}
          autoComplete="email"
        />
        <TextField
          name="password"
          maxLength={50}
          type="password"
          label={t('profile.password')}
          value={form.password}
          onChange={set('password')}
          error={err('password')}
          hint={t('profile.passwordHint')}
          autoComplete="new-password"
        />
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
