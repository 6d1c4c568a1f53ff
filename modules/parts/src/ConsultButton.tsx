import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi, useSession, type ApiClient } from '@atende/client'
import { Button, toast } from '@atende/ui'
import type { Access, ConsultStarted } from '@atende/plugin-parts/api'

/** The ticket as the tickets screen's `ticket.actions` slot passes it; only these are read. */
interface TicketLike {
  status?: string
  contact?: { number: string } | null
}

/** One access question per company while the app runs: every chat header asks the same. */
const asked = new Map<number, Promise<boolean>>()
function grantedFor(api: ApiClient, companyId: number) {
  let p = asked.get(companyId)
  if (!p) {
    p = api.get<Access>('/part-inventory/access').then(
      (a) => a.granted,
      () => {
        asked.delete(companyId) // a failure is asked again next time
        return false
      },
    )
    asked.set(companyId, p)
  }
  return p
}

const PartsIcon = () => (
  <svg className="h-4 w-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
    <circle cx="12" cy="12" r="3" />
    <path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" />
  </svg>
)

/**
 * `ticket.actions`: 'Consultar peças' on a pending ticket of a company holding the parts grant
 *: starts the consult with the ticket's customer (POST /part-inventory/start-parts-consult-flow).
 */
export function ConsultButton({ ticket }: { ticket: TicketLike }) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const { companyId } = useSession()
  const [granted, setGranted] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (companyId == null) return
    let live = true
    void grantedFor(api, companyId).then((g) => live && setGranted(g))
    return () => {
      live = false
    }
  }, [api, companyId])

  const number = ticket.contact?.number
  if (!granted || ticket.status !== 'pending' || !number) return null
  const start = async () => {
    setBusy(true)
    try {
      await api.post<ConsultStarted>('/part-inventory/start-parts-consult-flow', { body: { whatsappNumber: number } })
      toast.success(t('parts.consult.started'))
    } catch (err) {
      toast.error(errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }))
    } finally {
      setBusy(false)
    }
  }
  return (
    <Button
      variant="ghost"
      className="px-2 py-1"
      aria-label={t('parts.consult.button')}
      title={t('parts.consult.button')}
      data-testid="ticket-parts-consult"
      loading={busy}
      onClick={() => void start()}
    >
      <PartsIcon />
    </Button>
  )
}
