import { useEffect, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { usePermissions } from '@atende/client'
import { FormDialog, Select, toast, useSaveRecord } from '@atende/ui'
import { QueuesField } from './fields.tsx'
import type { User } from './types.ts'
import { useConnections } from './useConnections.ts'
import { useQueues } from './useQueues.ts'
import { IdentityFields, useUserForm } from './userForm.tsx'
import { hasErrors, validateUser, type UserFormValues } from './validation.ts'

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

/** Add/edit a user; the profile and queue fields each need their permission. */
export function UserDialog({ open, user, onClose, onSaved }: UserDialogProps) {
  const { t } = useTranslation()
  const save = useSaveRecord()
  const perms = usePermissions()
  const canProfile = perms.values.has('user-modal:editProfile')
  const canQueues = perms.values.has('user-modal:editQueues')
  const queues = useQueues(open && canQueues)
  const connections = useConnections(open)
  const creating = !user
  const form = useUserForm<UserFormValues>(EMPTY)
  const { values, setValues, setErrors, saving, setSaving, set } = form

  useEffect(() => {
    if (!open) return
    setValues(user ? fromUser(user) : EMPTY)
    setErrors({})
    setSaving(false)
  }, [open, user, setValues, setErrors, setSaving])

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

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const found = validateUser(values, creating)
    if (hasErrors(found)) {
      setErrors(found)
      return
    }
    void save<User>({
      path: '/users',
      id: user?.id,
      body: body(),
      setBusy: setSaving,
      then: (saved) => {
        toast.success(t('users.dialog.saved'))
        onSaved(saved)
        onClose()
      },
      failed: form.refuse,
    })
  }

  return (
    <FormDialog
      open={open}
      busy={saving}
      onClose={onClose}
      onSubmit={submit}
      size="lg"
      ns="users"
      adds={creating}
      className="flex max-h-[75vh] flex-col gap-4 overflow-y-auto px-1 pb-1"
    >
      <IdentityFields form={form} passwordHint={creating ? undefined : t('users.dialog.passwordKeep')} grid>
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
      </IdentityFields>
      {canQueues && <QueuesField queues={queues} value={values.queueIds} onChange={(ids) => set('queueIds', ids)} />}
    </FormDialog>
  )
}
