import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField, say, toast } from '@atende/ui'
import { PasswordField, PictureField } from './fields.tsx'
import { saveFailure } from './serverErrors.ts'
import { EMAIL_MAX, NAME_MAX, type FormErrors, type UserFormValues } from './validation.ts'

/** What the user dialog and the profile form both edit. */
export type IdentityValues = Pick<UserFormValues, 'name' | 'email' | 'password' | 'profilePicture'>

/**
 * A user form's values, errors (the form's own Problems, or the server's words) and save state;
 * `refuse` puts a failed save under its field, else in a toast.
 */
export function useUserForm<V extends IdentityValues>(initial: V) {
  const { t, i18n } = useTranslation()
  const [values, setValues] = useState<V>(initial)
  const [errors, setErrors] = useState<FormErrors>({})
  const [saving, setSaving] = useState(false)
  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => (e[key as keyof FormErrors] ? { ...e, [key]: null } : e))
  }
  const msg = (key: keyof FormErrors) => {
    const e = errors[key]
    // A server's answer may be stored already in words; the form's own rules are Problems.
    return typeof e === 'string' && !/^(users|errors|validation)\./.test(e) ? e : say(t, e)
  }
  const refuse = (err: unknown) => {
    const failure = saveFailure(err, t, (k) => i18n.exists(k))
    if (failure.field) setErrors((x) => ({ ...x, [failure.field!.name]: failure.field!.message }))
    else toast.error(failure.toast!)
  }
  return { values, setValues, errors, setErrors, saving, setSaving, set, msg, refuse }
}

export interface IdentityFieldsProps {
  form: Pick<ReturnType<typeof useUserForm<IdentityValues>>, 'values' | 'set' | 'msg' | 'setErrors'>
  /** Under the password: it may stay empty to keep the current one. */
  passwordHint?: string
  /** The browser may fill the name and email (one's own profile); not for another user. */
  autoFill?: boolean
  /** The fields are laid out two by two, with `children` after them in the grid. */
  grid?: boolean
  children?: ReactNode
}

/** The picture, name, email and password of a user. */
export function IdentityFields({ form, passwordHint, autoFill, grid, children }: IdentityFieldsProps) {
  const { t } = useTranslation()
  const { values, set, msg, setErrors } = form
  const fields = (
    <>
      <TextField
        label={t('users.dialog.name')}
        value={values.name}
        error={msg('name')}
        onChange={(v) => set('name', v)}
        autoComplete={autoFill ? 'name' : 'off'}
        autoFocus={!autoFill}
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
        autoComplete={autoFill ? 'email' : 'off'}
        required
      />
      <PasswordField
        label={t('users.dialog.password')}
        value={values.password}
        error={msg('password')}
        onChange={(v) => set('password', v)}
        hint={passwordHint}
        autoComplete="new-password"
      />
      {children}
    </>
  )
  return (
    <>
      <PictureField
        name={values.name}
        value={values.profilePicture}
        error={msg('profilePicture')}
        onChange={(v) => set('profilePicture', v)}
        onError={(k) => setErrors((e) => ({ ...e, profilePicture: k }))}
      />
      {grid ? <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">{fields}</div> : fields}
    </>
  )
}
