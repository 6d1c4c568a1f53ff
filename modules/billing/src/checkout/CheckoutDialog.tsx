import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { isApiError, useApi, useSession } from '@atende/client'
import { Button, Dialog, sayAll, useErrorToast } from '@atende/ui'
import { REDIRECT_MS, formatDay } from '../billing.ts'
import type { AddressForm, Invoice, PaymentFrame, PixCharge } from '../types.ts'
import { usePaymentEvent } from '../usePaymentEvent.ts'
import { usePlans } from '../usePlans.ts'
import { AddressStep } from './AddressStep.tsx'
import {
  DEFAULT_PLAN,
  STEPS,
  choiceOf,
  emptyAddress,
  initialPlan,
  stepOfField,
  subscriptionPayload,
  validateAddress,
  type PlanChoice,
  type Step,
} from './checkout.ts'
import { PixView } from './PixView.tsx'
import { PlanStep } from './PlanStep.tsx'
import { ReviewStep } from './ReviewStep.tsx'
import { Stepper } from './Stepper.tsx'

export interface CheckoutDialogProps {
  /** The invoice being paid; null: closed. */
  invoice: Invoice | null
  onClose: () => void
}

/**
 * The checkout wizard: 0 address, 1 plan, 2 review; Pay posts
 * /api/subscription and shows the Pix view; the payment event shows the renewal and goes home after 4 s.
 */
export function CheckoutDialog({ invoice, onClose }: CheckoutDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const { user } = useSession()
  const showError = useErrorToast('billing.checkout.payError')
  const plans = usePlans(invoice != null)
  const planList = plans.status === 'ready' ? plans.plans : null
  const [step, setStep] = useState<Step>(0)
  const [form, setForm] = useState<AddressForm>(emptyAddress)
  const [errors, setErrors] = useState<Partial<Record<keyof AddressForm, string>>>({})
  const [choice, setChoice] = useState<PlanChoice>(DEFAULT_PLAN)
  const [chosen, setChosen] = useState(false)
  const [charge, setCharge] = useState<PixCharge | null>(null)
  const [busy, setBusy] = useState(false)
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null)
  const invoiceId = invoice?.id ?? null
  const companyPlanId = plans.ownPlanId ?? user?.company?.planId ?? null
  // A plan of the list is a choice the server charges; the spec's default, shown when the plans
  // could not be listed, is not (the invoice keeps its own plan and value).
  const choiceListed = !!planList?.some((p) => p.id === choice.planId)

  // A new invoice starts the wizard over.
  useEffect(() => {
    if (invoiceId == null) return
    setStep(0)
    setForm(emptyAddress())
    setErrors({})
    setChosen(false)
    setCharge(null)
    setRenewedUntil(null)
  }, [invoiceId])

  // The invoice's plan is preselected once the plans arrive, unless one was chosen already.
  useEffect(() => {
    if (!chosen) setChoice(initialPlan(planList ?? [], invoice, companyPlanId))
  }, [planList, invoice, companyPlanId, chosen])

  const onPaid = useCallback(
    (frame: PaymentFrame) => {
      if (invoiceId == null) return
      // Shown in the dialog (role status) until the page goes home: one message, not a toast too.
      setRenewedUntil(frame.company?.dueDate ?? '')
    },
    [invoiceId],
  )
  usePaymentEvent(onPaid, invoiceId)

  useEffect(() => {
    if (renewedUntil == null) return
    const id = setTimeout(() => navigate('/', { replace: true }), REDIRECT_MS)
    return () => clearTimeout(id)
  }, [renewedUntil, navigate])

  const change = <K extends keyof AddressForm>(key: K, value: AddressForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  const next = () => {
    if (step === 0) {
      const shown = sayAll(t, validateAddress(form))
      setErrors(shown)
      if (Object.keys(shown).length) return
    }
    setStep((s) => (s < 2 ? ((s + 1) as Step) : s))
  }

  const pay = async () => {
    if (!invoice) return
    setBusy(true)
    try {
      const answer = await api.post<PixCharge>('/subscription', {
        body: subscriptionPayload(form, choice, invoice.id, choiceListed),
      })
      setCharge(answer)
    } catch (err) {
      const field = isApiError(err) ? err.field : undefined
      const back = stepOfField(field)
      if (isApiError(err) && field && back != null) {
        const known = `errors.${err.code}`
        setErrors({ [field]: i18n.exists(known) ? t(known) : err.message })
        setStep(back)
      } else showError(err)
    } finally {
      setBusy(false)
    }
  }

  const close = () => {
    if (!busy) onClose()
  }
  const plan = planList?.find((p) => p.id === choice.planId) ?? null

  const footer =
    charge || renewedUntil != null ? (
      <Button variant="secondary" onClick={close}>
        {t('billing.checkout.close')}
      </Button>
    ) : (
      <>
        {step === 0 ? (
          <Button variant="secondary" onClick={close}>
            {t('billing.checkout.cancel')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setStep((s) => (s - 1) as Step)} disabled={busy}>
            {t('billing.checkout.back')}
          </Button>
        )}
        {step < 2 ? (
          <Button onClick={next} disabled={step === 1 && plans.status === 'loading'}>
            {t('billing.checkout.next')}
          </Button>
        ) : (
          <Button onClick={() => void pay()} loading={busy}>
            {t('billing.checkout.pay')}
          </Button>
        )}
      </>
    )

  return (
    <Dialog
      open={invoice != null}
      onClose={close}
      size="lg"
      title={t('billing.checkout.title', { id: invoice?.id ?? '' })}
      footer={footer}
    >
      {charge ? (
        <PixView charge={charge} renewedUntil={renewedUntil} />
      ) : (
        <div className="flex flex-col gap-4">
          <Stepper steps={STEPS.map((s) => t(`billing.checkout.steps.${s}`))} current={step} />
          {renewedUntil != null ? (
            <p role="status" className="font-semibold text-green-700 dark:text-green-400">
              {t('billing.checkout.success', { date: formatDay(renewedUntil) })}
            </p>
          ) : step === 0 ? (
            <AddressStep form={form} errors={errors} onChange={change} />
          ) : step === 1 ? (
            <PlanStep
              plans={planList}
              failed={plans.status === 'error'}
              choice={choice}
              onChoose={(p) => {
                setChosen(true)
                setChoice(choiceOf(p))
              }}
            />
          ) : (
            <ReviewStep
              form={form}
              choice={choice}
              plan={plan}
              total={choiceListed || !invoice ? choice.price : invoice.value}
            />
          )}
        </div>
      )}
    </Dialog>
  )
}
