import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, usePermissions } from '@atende/client'
import { Button, Dialog, Select, TextField, say, toast } from '@atende/ui'
import { PasswordField, PictureField, QueuesField } from './fields.tsx'
import { saveFailure } from './serverErrors.ts'
import type { User } from './types.ts'
import { useConnections } from './useConnections.ts'
import { useQueues } from './useQueues.ts'
import { EMAIL_MAX, NAME_MAX, hasErrors, validateUser, type FormErrors, type UserFormValues } from './validation.ts'

const EMPTY: UserFormValues = {
  name: '',
  email: '',
  password: '',
  profile: 'user',
  allTicket: 'disabled',
  queueIds: [],
  whatsappId: null,
  profilePicture: null,
}

const fromUser = (u: User): UserFormValues => ({
  name: u.name,
  email: u.email,
  password: '',
  profile: u.profile,
  allTicket: u.allTicket === 'enabled' ? 'enabled' : 'disabled',
  queueIds: u.queueIds ?? [],
  whatsappId: u.whatsappId,
  profilePicture: u.profilePicture,
})

export interface UserDialogProps {
  open: boolean
  /** null: a new user. */
  user: User | null
  onClose: () => void
  onSaved: (user: User) => void
}

/** Add/edit a user (core.md §2 user modal, §5 user form); profile and queues need their permissions (§6). */
export function UserDialog({ open, user, onClose, onSaved }: UserDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const perms = usePermissions()
  const canProfile = perms.values.has('user-modal:editProfile')
  const canQueues = perms.values.has('user-modal:editQueues')
  const queues = useQueues(open && canQueues)
  const connections = useConnections(open)
  const creating = !user
  const [values, setValues] = useState<UserFormValues>(EMPTY)
  const [errors, setErrors] = useState<FormErrors>({})
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open) return
    setValues(user ? fromUser(user) : EMPTY)
    setErrors({})
    setSaving(false)
  }, [open, user])

  const set = <K extends keyof UserFormValues>(key: K, value: UserFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => (e[key] ? { ...e, [key]: null } : e))
  }

  const body = () => {
    const b: Record<string, unknown> = { name: values.name.trim(), email: values.email.trim() }
    if (values.password) b.password = values.password
    if (canProfile) {
      b.profile = values.profile
      b.allTicket = values.allTicket
    }
    if (canQueues) b.queueIds = values.queueIds
    if (values.whatsappId !== (user?.whatsappId ?? null)) b.whatsappId = values.whatsappId
    // Only a changed picture travels (it can weigh a megabyte); null clears it.
    if (values.profilePicture !== (user?.profilePicture ?? null)) b.profilePicture = values.profilePicture
    return b
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found = validateUser(values, creating)
    if (hasErrors(found)) {
      setErrors(found)
      return
    }
    setSaving(true)
    try {
      const saved = creating
        ? await api.post<User>('/users', { body: body() })
        : await api.put<User>(`/users/${user!.id}`, { body: body() })
      toast.success(t('users.dialog.saved'))
      onSaved(saved)
      onClose()
    } catch (err) {
      const failure = saveFailure(err, t, (k) => i18n.exists(k))
      if (failure.field) setErrors((x) => ({ ...x, [failure.field!.name]: failure.field!.message }))
      else toast.error(failure.toast!)
    } finally {
      setSaving(false)
    }
  }

  const msg = (key: keyof UserFormValues) => {
    const e = errors[key]
    // A server's answer may be stored already in words; the form's own rules are Problems.
    return typeof e === 'string' && !/^(users|errors|validation)\./.test(e) ? e : say(t, e)
  }

  return (
    <Dialog
      open={open}
      onClose={saving ? () => {} : onClose}
      size="lg"
      title={creating ? t('users.dialog.addTitle') : t('users.dialog.editTitle')}
    >
      <form noValidate onSubmit={submit} className="flex max-h-[75vh] flex-col gap-4 overflow-y-auto px-1 pb-1">
        <PictureField
          name={values.name}
          value={values.profilePicture}
          error={msg('profilePicture')}
          onChange={(v) => set('profilePicture', v)}
          onError={(k) => setErrors((e) => ({ ...e, profilePicture: k }))}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label={t('users.dialog.name')}
            value={values.name}
            error={msg('name')}
            onChange={(v) => set('name', v)}
            autoComplete="off"
            autoFocus
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
            autoComplete="off"
            required
          />
          <PasswordField
            label={t('users.dialog.password')}
            value={values.password}
            error={msg('password')}
            onChange={(v) => set('password', v)}
            hint={creating ? undefined : t('users.dialog.passwordKeep')}
            autoComplete="new-password"
          />
          {canProfile && (
            <Select
              label={t('users.dialog.profile')}
              value={values.profile}
              onChange={(v) => set('profile', v === 'admin' ? 'admin' : 'user')}
              options={[
                { value: 'admin', label: t('users.profiles.admin') },
                { value: 'user', label: t('users.profiles.user') },
              ]}
            />
          )}
          {canProfile && (
            <Select
              label={t('users.dialog.allTicket')}
              value={values.allTicket}
              onChange={(v) => set('allTicket', v === 'enabled' ? 'enabled' : 'disabled')}
              options={[
                { value: 'enabled', label: t('users.dialog.enabled') },
                { value: 'disabled', label: t('users.dialog.disabled') },
              ]}
            />
          )}
          {/* The default connection: the company's connections once they have loaded; a word why when there are none. */}
          <div className="flex flex-col gap-1">
            <Select
              label={t('users.dialog.whatsapp')}
              value={values.whatsappId == null ? '' : String(values.whatsappId)}
              disabled={!connections?.length}
              onChange={(v) => set('whatsappId', v ? Number(v) : null)}
              placeholder={t('users.dialog.whatsappNone')}
              data-testid="user-whatsapp"
              options={(connections ?? []).map((c) => ({ value: c.id, label: c.name }))}
              aria-describedby={connections && connections.length === 0 ? 'users-whatsapp-hint' : undefined}
            />
            {connections && connections.length === 0 && (
              <p id="users-whatsapp-hint" className="text-xs text-slate-600 dark:text-slate-300">
                {t('users.dialog.whatsappHint')}
              </p>
            )}
          </div>
        </div>
        {canQueues && <QueuesField queues={queues} value={values.queueIds} onChange={(ids) => set('queueIds', ids)} />}
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose} disabled={saving}>
            {t('users.dialog.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('users.dialog.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
