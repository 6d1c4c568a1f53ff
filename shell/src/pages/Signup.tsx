import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import { useTranslation } from 'react-i18next'
import { Button, ErrorCard, MaskedInput, Select, TextField, digits, formatMoney, toast } from '@atende/ui'
import { client } from '../client.ts'
import { toastError } from '../errors.ts'
import * as v from '../validation.ts'
import { PublicCard } from './PublicCard.tsx'

interface PublicPlan {
  id: number
  name: string
  users: number
  connections: number
  queues: number
  value: number
}

const TRIAL_DAYS = 15

const EMPTY = { name: '', email: '', phone: '', password: '', cnpj: '', planId: '' }

/**
 * /signup. `?companyId` (optional) — decision: accepted and ignored. The original product read
 * it and sent nothing with it; POST /companies/cadastro has no such field (a sign-up always creates
 * a new company, so there is nothing to preselect), and the route works the same with or without it.
 */
export default function Signup() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [plans, setPlans] = useState<PublicPlan[]>([])
  const [form, setForm] = useState(EMPTY)
  const [errors, setErrors] = useState<v.Errors<typeof EMPTY>>({})
  const [busy, setBusy] = useState(false)
  // The platform's userCreation setting can close sign-up. If the check fails the
  // form stays (the server refuses with ERR_USER_CREATION_DISABLED anyway).
  const [creation, setCreation] = useState<'checking' | 'enabled' | 'disabled'>('checking')
  const set = (k: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [k]: value }))

  useEffect(() => {
    client.api
      .get<{ key: string; value: string }>('/public-settings/userCreation', { auth: false })
      .then((s) => setCreation(s.value === 'disabled' ? 'disabled' : 'enabled'))
      .catch(() => setCreation('enabled'))
  }, [])

  useEffect(() => {
    client.api
      .get<PublicPlan[]>('/plans/list', { auth: false })
      .then(setPlans)
      .catch((err) => toastError(t, err))
  }, [t])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const next: v.Errors<typeof EMPTY> = {
      name: v.length(2, v.NAME_MAX)(form.name),
      email: v.email(form.email),
      phone: v.required(form.phone),
      password: v.password(form.password),
      cnpj: v.cnpj(form.cnpj),
      planId: v.required(form.planId),
    }
    setErrors(next)
    if (v.hasErrors(next)) return
    setBusy(true)
    try {
      const dueDate = new Date(Date.now() + TRIAL_DAYS * 86_400_000).toISOString().slice(0, 10)
      await client.api.post('/companies/cadastro', {
        auth: false,
        body: {
          name: form.name.trim(),
          email: form.email.trim(),
          phone: digits(form.phone),
          password: form.password,
          planId: Number(form.planId),
          cnpj: digits(form.cnpj),
          dueDate,
        },
      })
      toast.success(t('signup.success'))
      navigate('/login')
    } catch (err) {
      toastError(t, err)
    } finally {
      setBusy(false)
    }
  }

  const err = (k: keyof typeof EMPTY) => v.say(t, errors[k])
  const loginLink = (
    <Link to="/login" className="text-center text-sm text-primary hover:underline dark:text-sky-300">
      {t('signup.haveAccount')}
    </Link>
  )
  // The form shows while the setting is checked (no spinner flash); a closed sign-up replaces it.
  if (creation === 'disabled')
    return (
      <PublicCard title={t('signup.title')}>
        <div className="flex flex-col gap-4">
          <ErrorCard title={t('signup.closed')} />
          {loginLink}
        </div>
      </PublicCard>
    )
  return (
    <PublicCard title={t('signup.title')}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          name="name"
          maxLength={v.NAME_MAX}
          label={t('signup.name')}
          value={form.name}
          onChange={set('name')}
          error={err('name')}
          autoFocus
        />
        <MaskedInput
          mask="cnpj"
          name="cnpj"
          label={t('signup.cnpj')}
          placeholder="00.000.000/0000-00"
          value={form.cnpj}
          onChange={set('cnpj')}
          error={err('cnpj')}
        />
        <TextField
          name="email"
          maxLength={200}
          type="email"
          label={t('signup.email')}
          value={form.email}
          onChange={set('email')}
          error={err('email')}
        />
        <MaskedInput
          mask="phone"
          name="phone"
          label={t('signup.phone')}
          placeholder="+55 (47) 99999-9999"
          value={form.phone}
          onChange={set('phone')}
          error={err('phone')}
        />
        <TextField
          name="password"
          maxLength={200}
          type="password"
          autoComplete="new-password"
          label={t('signup.password')}
          value={form.password}
          onChange={set('password')}
          error={err('password')}
        />
        <Select
          name="planId"
          label={t('signup.plan')}
          placeholder={t('signup.choosePlan')}
          value={form.planId}
          onChange={set('planId')}
          error={err('planId')}
          options={plans.map((p) => ({
            value: p.id,
            label: t('signup.planOption', { ...p, value: formatMoney(p.value, i18n.language) }),
          }))}
        />
        <Button type="submit" loading={busy} className="mt-2 w-full">
          {t('signup.submit')}
        </Button>
        {loginLink}
      </form>
    </PublicCard>
  )
}
