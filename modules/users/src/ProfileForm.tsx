import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Button, ErrorCard, Loading, toast, useSaveRecord } from '@atende/ui'
import { syncSessionUser } from './session.ts'
import type { User } from './types.ts'
import { IdentityFields, useUserForm, type IdentityValues } from './userForm.tsx'
import { emailError, hasErrors, nameError, passwordError, type FormErrors } from './validation.ts'

/** Any user edits their own name, email, password and picture (PUT /api/users/:id on themself). */
export function ProfileForm({ onDone, onCancel }: { onDone?: () => void; onCancel?: () => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const save = useSaveRecord()
  const { session } = useSession()
  const [me, setMe] = useState<User | null>(null)
  const [failed, setFailed] = useState(false)
  const form = useUserForm<IdentityValues>({ name: '', email: '', password: '', profilePicture: null })
  const { values, setValues, setErrors, saving, setSaving } = form

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
  }, [api, setValues])

  const submit = (e: FormEvent) => {
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
    void save<User>({
      path: '/users',
      id: me.id,
      body,
      setBusy: setSaving,
      then: (saved) => {
        syncSessionUser(session, saved)
        setMe(saved)
        setValues((v) => ({ ...v, password: '' }))
        toast.success(t('users.profilePage.saved'))
        onDone?.()
      },
      failed: form.refuse,
    })
  }

  if (failed) return <ErrorCard title={t('users.dialog.loadError')} />
  if (!me) return <Loading />
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <IdentityFields form={form} passwordHint={t('users.dialog.passwordKeep')} autoFill />
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
