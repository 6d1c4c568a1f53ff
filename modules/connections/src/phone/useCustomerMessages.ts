import { useCallback, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi } from '@atende/client'
import { digitsOf, mediaTypeOf, type CustomerMessage } from './chat.ts'
import { customerStore } from './customerStore.ts'

/** What the customer writes: text, a file (as a data: URI), or both (the text captions the file). */
export interface Draft {
  body: string
  file?: { name: string; mimetype: string; dataUrl: string }
}

interface InboundAnswer {
  id: string
  message: { ticketId: number; createdAt: string } | null
}

/** Uploading a few MB as JSON can take longer than the client's usual 10 s on a slow link. */
const SEND_TIMEOUT_MS = 60_000

/** A provider id the panel picks, so a resend of a failed message is a re-delivery, never a duplicate. */
const newId = () =>
  `SIMPANEL${Array.from(crypto.getRandomValues(new Uint8Array(10)), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()}`

/** What a failed message needs for a resend (kept until it goes through). */
const drafts = new Map<string, { number: string; draft: Draft }>()
const NONE: CustomerMessage[] = []

/**
 * The customer's side of the conversation: POST /simulator/{id}/inbound for each message, kept in
 * memory per connection and customer number (the outbox holds only what the platform sent).
 * `onTicket` learns the ticket the platform filed it under.
 */
export function useCustomerMessages(
  connectionId: number,
  customer: { number: string; name: string },
  onTicket: (ticketId: number) => void,
) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const byNumber = useSyncExternalStore(customerStore.subscribe, () => customerStore.get(connectionId))
  const from = digitsOf(customer.number)

  const patch = useCallback(
    (number: string, key: string, change: Partial<CustomerMessage>) => {
      customerStore.update(connectionId, (all) => ({
        ...all,
        [number]: (all[number] ?? []).map((m) => (m.key === key ? { ...m, ...change } : m)),
      }))
    },
    [connectionId],
  )

  const deliver = useCallback(
    async (key: string, number: string, name: string, draft: Draft) => {
      try {
        const body: Record<string, unknown> = {
          id: key,
          from: number,
          name: name.trim() || undefined,
          body: draft.body || undefined,
        }
        if (draft.file) {
          body.mediaUrl = draft.file.dataUrl
          body.mediaType = mediaTypeOf(draft.file.mimetype)
          body.fileName = draft.file.name
        }
        const r = await api.post<InboundAnswer>(`/simulator/${connectionId}/inbound`, {
          body,
          timeoutMs: SEND_TIMEOUT_MS,
        })
        if (r.message) onTicket(r.message.ticketId)
        drafts.delete(key)
        // The server's clock orders it among the platform's replies.
        patch(number, key, {
          status: 'sent',
          error: undefined,
          ...(r.message ? { timestamp: r.message.createdAt, ticketId: r.message.ticketId } : {}),
        })
        return r
      } catch (err) {
        patch(number, key, { status: 'failed', error: errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }) })
        return null
      }
    },
    [api, connectionId, onTicket, patch, t, i18n],
  )

  const send = useCallback(
    (draft: Draft) => {
      const key = newId()
      const file = draft.file && {
        name: draft.file.name,
        mimetype: draft.file.mimetype,
        kind: mediaTypeOf(draft.file.mimetype),
      }
      const message: CustomerMessage = {
        key,
        body: draft.body,
        file,
        timestamp: new Date().toISOString(),
        status: 'sending',
      }
      customerStore.update(connectionId, (all) => ({ ...all, [from]: [...(all[from] ?? []), message] }))
      drafts.set(key, { number: from, draft })
      return deliver(key, from, customer.name, draft)
    },
    [connectionId, from, customer.name, deliver],
  )

  const retry = useCallback(
    (key: string) => {
      const kept = drafts.get(key)
      if (!kept) return
      patch(kept.number, key, { status: 'sending', error: undefined })
      void deliver(key, kept.number, customer.name, kept.draft)
    },
    [customer.name, deliver, patch],
  )

  return { messages: byNumber[from] ?? NONE, send, retry }
}
