import { useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, EmptyState, ErrorCard, Loading, Sheet, displayPhone, useDebounced } from '@atende/ui'
import type { Connection } from '../types.ts'
import { digitsOf, isCustomerNumber, mergeChat } from './chat.ts'
import { CustomerBubble, PlatformBubble } from './Bubbles.tsx'
import { Composer } from './Composer.tsx'
import { CustomerBar } from './CustomerBar.tsx'
import { useCustomer } from './useCustomer.ts'
import { useCustomerMessages } from './useCustomerMessages.ts'
import { useOutbox } from './useOutbox.ts'

/** Typing a number settles before the conversation switches to it. */
const NUMBER_SETTLE_MS = 400

/**
 * The simulator's phone for one connection (provider 'simulator'): the admin plays a customer,
 * writes to the platform and sees its replies arrive with their ticks, as on WhatsApp. A side
 * panel; `connection` null closes it.
 */
export function PhonePanel({ connection, onClose }: { connection: Connection | null; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Sheet
      open={connection != null}
      onClose={onClose}
      data-testid="phone-panel"
      closeLabel={t('connections.phone.close')}
      title={t('connections.phone.title', { name: connection?.name ?? '' })}
      subtitle={
        connection?.number ? t('connections.phone.subtitle', { number: displayPhone(connection.number) }) : undefined
      }
      headerClassName="border-none bg-[#008069] text-white dark:bg-[#1f2c33]"
    >
      {connection && <PhoneBody key={connection.id} connection={connection} />}
    </Sheet>
  )
}

function PhoneBody({ connection }: { connection: Connection }) {
  const { t } = useTranslation()
  const { customer, update, renew } = useCustomer(connection.id)
  const settled = useDebounced(customer.number, NUMBER_SETTLE_MS)
  // The conversation follows a valid number once typing stops.
  const to = isCustomerNumber(settled) && settled === customer.number ? digitsOf(settled) : null
  const outbox = useOutbox(connection.id, to)
  const mine = useCustomerMessages(connection.id, { number: to ?? '', name: customer.name }, outbox.learnTicket)
  const items = useMemo(
    () => (to ? mergeChat(mine.messages, outbox.messages) : []),
    [to, mine.messages, outbox.messages],
  )
  const connected = connection.status === 'CONNECTED'
  // Messages sent before the panel was last closed still name the customer's tickets.
  const { learnTicket } = outbox
  useEffect(() => {
    for (const m of mine.messages) if (m.ticketId) learnTicket(m.ticketId)
  }, [mine.messages, learnTicket])

  // Keep the newest message in view.
  const end = useRef<HTMLLIElement>(null)
  const last = items[items.length - 1]
  const lastState = last ? `${last.key}:${last.side === 'platform' ? last.message.ack : last.message.status}` : ''
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' })
  }, [items.length, lastState])

  let content
  if (!to) content = null
  else if (outbox.status === 'loading' && !items.length) content = <Loading label={t('connections.phone.loading')} />
  else if (outbox.status === 'error' && !items.length) {
    content = (
      <div className="p-3">
        <ErrorCard
          title={t('connections.phone.loadError')}
          action={
            <Button variant="secondary" onClick={outbox.refresh}>
              {t('connections.phone.retry')}
            </Button>
          }
        />
      </div>
    )
  } else if (!items.length)
    content = (
      <div className="p-3">
        <EmptyState title={t('connections.phone.empty')} description={t('connections.phone.emptyHint')} />
      </div>
    )
  else {
    content = (
      <ol className="flex flex-col gap-1.5 p-3">
        {items.map((item) =>
          item.side === 'customer' ? (
            <CustomerBubble key={item.key} message={item.message} onRetry={() => mine.retry(item.message.key)} />
          ) : (
            <PlatformBubble key={item.key} message={item.message} />
          ),
        )}
        <li ref={end} aria-hidden className="h-px" />
      </ol>
    )
  }

  return (
    <>
      <CustomerBar customer={customer} onChange={update} onRenew={renew} />
      {!connected && (
        <p
          role="status"
          className="bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900 dark:text-amber-100"
        >
          {t('connections.phone.notConnected')}
        </p>
      )}
      <div
        role="log"
        aria-label={t('connections.phone.conversation')}
        aria-live="polite"
        data-testid="phone-conversation"
        className="min-h-0 flex-1 overflow-y-auto bg-[#efeae2] dark:bg-[#0b141a]"
      >
        {content}
      </div>
      <Composer disabled={!connected || !to} onSend={(draft) => void mine.send(draft)} />
    </>
  )
}
