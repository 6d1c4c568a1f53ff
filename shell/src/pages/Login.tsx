import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { Button, Dialog, MaskedInput, TextField, digits, toast } from '@atende/ui'
import { loginError } from '@atende/client'
import { client } from '../client.ts'
import { toastError } from '../errors.ts'
import { SECURITY_NOTICE_MS, resetSubscriptionWarning, securityNoticeText, sessionLapsed } from '../session.ts'
import * as v from '../validation.ts'
import { PublicCard } from './PublicCard.tsx'

export default function Login() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [form, setForm] = useState({ cnpj: '', email: '', password: '' })
  const [errors, setErrors] = useState<v.Errors<typeof form>>({})
  const [busy, setBusy] = useState(false)
  const [expired, setExpired] = useState(false)
  const set = (k: keyof typeof form) => (value: string) => setForm((f) => ({ ...f, [k]: value }))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const next = { cnpj: v.cnpj(form.cnpj), email: v.required(form.email), password: v.required(form.password) }
    setErrors(next)
    if (v.hasErrors(next)) return
    setBusy(true)
    setExpired(false)
    try {
      // A new session: the layout shows the 'expires in N days' toast again.
      resetSubscriptionWarning()
      const { user, securityNotice } = await client.api.login({
        cnpj: digits(form.cnpj),
        email: form.email.trim(),
        password: form.password,
      })
      // The server says it once (e.g. a session of this user was ended for a stolen refresh token):
      // the root Toaster keeps it on screen across the navigation below.
      const notice = securityNoticeText(i18n, securityNotice)
      if (notice) toast.warning(notice, SECURITY_NOTICE_MS)
      // Only an expired company's admin gets in (to renew): home sends its restricted session to the
      // billing pages it serves, rather than to a tickets screen that would be refused.
      navigate(sessionLapsed(user) ? '/' : '/tickets', { replace: true })
    } catch (err) {
      const view = loginError(err)
      if (view.alert) setExpired(true)
      // Other answers (404, 429, …): the code's translation when known, else the server's message.
      else if (view.key === 'login.errors.serverMessage') toastError(t, err)
      else toast.error(i18n.exists(view.key) ? t(view.key) : view.message || t('errors.generic'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <PublicCard title={t('login.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <MaskedInput
          mask="cnpj"
          name="cnpj"
          label={t('login.cnpj')}
          placeholder="00.000.000/0000-00"
          value={form.cnpj}
          onChange={set('cnpj')}
          error={v.say(t, errors.cnpj)}
          autoFocus
        />
        <TextField
          name="email"
          type="email"
          autoComplete="email"
          label={t('login.email')}
          value={form.email}
          onChange={set('email')}
          error={v.say(t, errors.email)}
        />
        <TextField
          name="password"
          type="password"
          autoComplete="current-password"
          label={t('login.password')}
          value={form.password}
          onChange={set('password')}
          error={v.say(t, errors.password)}
        />
        <Button type="submit" loading={busy} className="w-full">
          {t('login.submit')}
        </Button>
        <div className="flex flex-col items-center gap-2 text-sm">
          <Link to="/forgetpsw" className="text-primary hover:underline dark:text-sky-300">
            {t('login.forgot')}
          </Link>
          <Link to="/signup" className="text-primary hover:underline dark:text-sky-300">
            {t('login.signup')}
          </Link>
        </div>
      </form>
      {/* PLAN_EXPIRED is an alert, not a toast. */}
      <Dialog
        open={expired}
        onClose={() => setExpired(false)}
        title={t('login.planExpiredTitle')}
        size="sm"
        footer={<Button onClick={() => setExpired(false)}>{t('login.ok')}</Button>}
      >
        <p role="alert" className="text-sm text-slate-700 dark:text-slate-200">
          {t('login.errors.planExpired')}
        </p>
      </Dialog>
    </PublicCard>
  )
}
