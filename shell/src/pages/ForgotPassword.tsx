import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { Button, MaskedInput, TextField, digits, toast } from '@atende/ui'
import { ApiError } from '@atende/client'
import { client } from '../client.ts'
import { toastError } from '../errors.ts'
import * as v from '../validation.ts'
import { PublicCard } from './PublicCard.tsx'

const EMPTY = { email: '', cnpj: '', code: '', password: '', confirm: '' }

/** Step 1 asks for a code (email + CNPJ), step 2 sets the new password. */
export default function ForgotPassword() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [step, setStep] = useState<1 | 2>(1)
  const [form, setForm] = useState(EMPTY)
  const [errors, setErrors] = useState<v.Errors<typeof EMPTY>>({})
  const [busy, setBusy] = useState(false)
  const set = (k: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [k]: value }))
  const err = (k: keyof typeof EMPTY) => v.say(t, errors[k])

  const requestCode = async () => {
    const next = { email: v.email(form.email), cnpj: v.cnpj(form.cnpj) }
    setErrors(next)
    if (v.hasErrors(next)) return
    setBusy(true)
    try {
      await client.api.post(`/forgetpassword/${encodeURIComponent(form.email.trim())}`, {
        auth: false,
        body: { cnpj: digits(form.cnpj) },
      })
      toast.success(t('forgot.codeSent'))
      setStep(2)
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) toast.error(t('forgot.emailNotFound'))
      else if (e instanceof ApiError && e.status === 400 && /cnpj/i.test(e.message + (e.field ?? '')))
        toast.error(t('forgot.cnpjNotFound'))
      else toastError(t, e)
    } finally {
      setBusy(false)
    }
  }

  const resetPassword = async () => {
    const next = {
      email: v.email(form.email),
      cnpj: v.cnpj(form.cnpj),
      code: v.required(form.code),
      password: v.password(form.password),
      confirm: v.required(form.confirm) ?? (form.confirm === form.password ? null : 'validation.passwordMismatch'),
    }
    setErrors(next)
    if (v.hasErrors(next)) return
    setBusy(true)
    try {
      // The body form: the code and the new password stay out of the URL (and of every log of it).
      await client.api.post('/resetpasswords', {
        auth: false,
        body: { email: form.email.trim(), cnpj: digits(form.cnpj), token: form.code.trim(), password: form.password },
      })
      toast.success(t('forgot.success'))
      navigate('/login')
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) toast.error(t('forgot.tokenExpired'))
      else toast.error(e instanceof ApiError && e.message ? e.message : t('forgot.resetFailed'))
    } finally {
      setBusy(false)
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    void (step === 1 ? requestCode() : resetPassword())
  }
  return (
    <PublicCard title={t('forgot.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          name="email"
          type="email"
          label={t('forgot.email')}
          value={form.email}
          onChange={set('email')}
          error={err('email')}
          autoFocus
        />
        <MaskedInput
          mask="cnpj"
          name="cnpj"
          label={t('forgot.cnpj')}
          placeholder="00.000.000/0000-00"
          value={form.cnpj}
          onChange={set('cnpj')}
          error={err('cnpj')}
        />
        {step === 2 && (
          <>
            <TextField
              name="code"
              label={t('forgot.code')}
              value={form.code}
              onChange={set('code')}
              error={err('code')}
              autoComplete="one-time-code"
            />
            <TextField
              name="password"
              type="password"
              autoComplete="new-password"
              label={t('forgot.newPassword')}
              value={form.password}
              onChange={set('password')}
              error={err('password')}
            />
            <TextField
              name="confirm"
              type="password"
              autoComplete="new-password"
              label={t('forgot.confirm')}
              value={form.confirm}
              onChange={set('confirm')}
              error={err('confirm')}
            />
          </>
        )}
        <Button type="submit" loading={busy} className="mt-2 w-full">
          {step === 1 ? t('forgot.sendCode') : t('forgot.reset')}
        </Button>
        <Link to="/login" className="text-center text-sm text-primary hover:underline dark:text-sky-300">
          {t('forgot.backToLogin')}
        </Link>
      </form>
    </PublicCard>
  )
}
