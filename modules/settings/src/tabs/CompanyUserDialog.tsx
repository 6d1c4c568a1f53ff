import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import {
  Button,
  Dialog,
  EmptyState,
  Loading,
  TextField,
  rules,
  say,
  toast,
  useErrorToast,
  useSaveRecord,
} from '@atende/ui'
import { isEmail } from '../lib/format.ts'
import type { UserListItem } from '../lib/types.ts'

/** A user's name as the users plugin takes it: 2 to 50 characters. */
const USER_NAME_MAX = 50
const userName = rules.length(2, USER_NAME_MAX)

/** Same rule as the server (sdk assertPasswordPolicy): 8+ characters with upper, lower, digit and symbol. */
const PASSWORD_POLICY = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^\w\s]).{8,}$/

/**
 * The company's first user (GET /users/list?companyId=, first row) in a dialog: the super user
 * fixes the name or e-mail, or resets the password; an empty password keeps the current one.
 */
export function CompanyUserDialog({
  companyId,
  open,
  onClose,
}: {
  companyId: number | null
  open: boolean
  onClose: () => void
}) {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast()
  const saveRecord = useSaveRecord()
  const [user, setUser] = useState<UserListItem | null | undefined>(undefined)
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [submitted, setSubmitted] = useState(false)
  const [saving, setSaving] = useState(false)

  useEffect(() => {
    if (!open || !companyId) return
    const ctrl = new AbortController()
    setUser(undefined)
    setPassword('')
    setSubmitted(false)
    api
      .get<UserListItem[]>('/users/list', { params: { companyId }, signal: ctrl.signal })
      .then((list) => {
        const first = list[0] ?? null
        setUser(first)
        setName(first?.name ?? '')
        setEmail(first?.email ?? '')
      })
      .catch((err) => {
        if (!ctrl.signal.aborted) {
          setUser(null)
          showError(err, 'settings.toasts.errorList')
        }
      })
    return () => ctrl.abort()
  }, [open, companyId, api, showError])

  const errors = {
    name: !submitted ? null : say(t, userName(name)),
    email: !submitted ? null : !isEmail(email) ? t('settings.validation.email') : null,
    password:
      !submitted || !password ? null : PASSWORD_POLICY.test(password) ? null : t('settings.validation.passwordPolicy'),
  }

  function save() {
    setSubmitted(true)
    if (!user || userName(name) || !isEmail(email) || (password && !PASSWORD_POLICY.test(password))) return
    void saveRecord({
      path: '/users',
      id: user.id,
      body: { name: name.trim(), email: email.trim(), ...(password ? { password } : {}) },
      setBusy: setSaving,
      then: () => {
        toast.success(t('settings.companies.userSaved'))
        onClose()
      },
      failed: (err) => showError(err, 'settings.toasts.error'),
    })
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('settings.companies.userTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('settings.actions.cancel')}
          </Button>
          {user && (
            <Button loading={saving} onClick={save}>
              {t('settings.actions.save')}
            </Button>
          )}
        </>
      }
    >
      {user === undefined ? (
        <Loading />
      ) : user === null ? (
        <EmptyState title={t('settings.companies.noUser')} />
      ) : (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            save()
          }}
        >
          <TextField
            label={t('settings.companies.userName')}
            value={name}
            onChange={setName}
            error={errors.name}
            maxLength={USER_NAME_MAX}
          />
          <TextField
            label={t('settings.companies.userEmail')}
            type="email"
            value={email}
            onChange={setEmail}
            error={errors.email}
            maxLength={200}
          />
          <TextField
            label={t('settings.companies.userPassword')}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
            maxLength={50}
            hint={t('settings.companies.passwordHint')}
          />
          <button type="submit" hidden />
        </form>
      )}
    </Dialog>
  )
}
