import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, ErrorCard, Loading, TextField, say, toast } from '@atende/ui'
import { PasswordField, PictureField } from './fields.tsx'
import { saveFailure } from './serverErrors.ts'
import { syncSessionUser } from './session.ts'
import type { User } from './types.ts'
import { EMAIL_MAX, NAME_MAX, emailError, hasErrors, nameError, passwordError, type FormErrors } from './validation.ts'

interface Values {
  name: string
  email: string
  password: string
  profilePicture: string | null
}

/** Any user edits their own name, email, password and picture (PUT /api/users/:id on themself). */
export function ProfileForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const { session } = useSession()
  const [me, setMe] = useState<User | null>(null)
  const [failed, setFailed] = useState(false)
  const [values, setValues] = useState<Values>({ name: '', email: '', password: '', profilePicture: null })
  const [errors, setErrors] = useState<FormErrors>({})
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    const ctrl = new AbortController()
    api
      .get<User>('/users/me', { signal: ctrl.signal })
      .then((u) => {
        setMe(u)
        setValues({ name: u.name, email: u.email, password: '', profilePicture: u.profilePicture })
      })
      .catch((err) => {
        if (!ctrl.signal.aborted) {
          console.error('[users] me failed', err)
          setFailed(true)
        }
      })
    return () => ctrl.abort()
  }, [api])

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => (e[key] ? { ...e, [key]: null } : e))
  }
  const msg = (key: keyof Values) => {
    const e = errors[key]
    // A server's answer may be stored already in words; the form's own rules are Problems.
    return typeof e === 'string' && !/^(users|errors|validation)\./.test(e) ? e : say(t, e)
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!me) return
    const found: FormErrors = {
      name: nameError(values.name),
      email: emailError(values.email),
      password: passwordError(values.password, false),
    }
    if (hasErrors(found)) {
      setErrors(found)
      return
    }
    const body: Record<string, unknown> = { name: values.name.trim(), email: values.email.trim() }
    if (values.password) body.password = values.password
    if (values.profilePicture !== me.profilePicture) body.profilePicture = values.profilePicture
    setSaving(true)
    try {
      const saved = await api.put<User>(`/users/${me.id}`, { body })
      syncSessionUser(session, saved)
      setMe(saved)
      setValues((v) => ({ ...v, password: '' }))
      toast.success(t('users.profilePage.saved'))
      onDone?.()
    } catch (err) {
      const failure = saveFailure(err, t, (k) => i18n.exists(k))
      if (failure.field) setErrors((x) => ({ ...x, [failure.field!.name]: failure.field!.message }))
      else toast.error(failure.toast!)
    } finally {
      setSaving(false)
    }
  }

  if (failed) return <ErrorCard title={t('users.dialog.loadError')} />
  if (!me) return <Loading />
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <PictureField
        name={values.name}
        value={values.profilePicture}
        error={msg('profilePicture')}
        onChange={(v) => set('profilePicture', v)}
        onError={(k) => setErrors((x) => ({ ...x, profilePicture: k }))}
      />
      <TextField
        label={t('users.dialog.name')}
        value={values.name}
        error={msg('name')}
        onChange={(v) => set('name', v)}
        autoComplete="name"
        maxLength={NAME_MAX}
        required
      />
      <TextField
        label={t('users.dialog.email')}
        type="email"
        maxLength={EMAIL_MAX}
        value={values.email}
        error={msg('email')}
        onChange={(v) => set('email', v)}
        autoComplete="email"
        required
      />
      <PasswordField
        label={t('users.dialog.password')}
        value={values.password}
        error={msg('password')}
        onChange={(v) => set('password', v)}
        hint={t('users.dialog.passwordKeep')}
        autoComplete="new-password"
      />
      <div className="flex justify-end gap-2 pt-2">
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={saving}>
            {t('users.dialog.cancel')}
          </Button>
        )}
        <Button type="submit" loading={saving}>
          {t('users.dialog.save')}
        </Button>
      </div>
    </form>
  )
}
