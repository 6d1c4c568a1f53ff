import { useCallback, useEffect, useRef, useState } from 'react'
import { isAbortError, useApi, useRealtime, useSession, useSocketStatus } from '@atende/client'
import type { MessageFrame } from '@atende/plugin-tickets/api'
import { sameNumber, type OutboxMessage } from './chat.ts'

/** Without a live socket the panel asks the simulator every 2 s. */
export const POLL_MS = 2000

interface State {
  to: string | null
  status: 'loading' | 'ready' | 'error'
  messages: OutboxMessage[]
}

/**
 * What the platform sent to one simulated customer, kept current: refetched when a message of
 * ours on this connection and this customer's ticket is created or changes (sent, delivered,
 * read, edited, deleted), and polled while the socket is down. `to` null: nothing to show.
 */
export function useOutbox(connectionId: number, to: string | null) {
  const api = useApi()
  const { companyId } = useSession()
  const socketStatus = useSocketStatus()
  const [state, setState] = useState<State>({ to, status: 'loading', messages: [] })
  // The customer's tickets on this connection, learned from the sends and from the create frames.
  const tickets = useRef(new Set<number>())
  const target = useRef(to)
  const running = useRef(false)
  const again = useRef(false)
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  /** One fetch at a time; calls meanwhile fold into one more fetch after it (for the newest customer). */
  const refresh = useCallback(() => {
    if (running.current) {
      again.current = true
      return
    }
    running.current = true
    void (async () => {
      try {
        do {
          again.current = false
          const who = target.current
          if (!who || !mounted.current) break
          try {
            const r = await api.get<{ messages: OutboxMessage[] }>(`/simulator/${connectionId}/outbox`, {
              params: { to: who },
            })
            if (target.current === who) setState({ to: who, status: 'ready', messages: r.messages })
          } catch (err) {
            if (isAbortError(err)) continue
            console.error(err)
            // A failed refetch keeps what is on screen; only a first load shows the error.
            if (target.current === who)
              setState((s) => (s.to === who && s.status === 'ready' ? s : { to: who, status: 'error', messages: [] }))
          }
        } while (again.current)
      } finally {
        running.current = false
      }
    })()
  }, [api, connectionId])

  useEffect(() => {
    target.current = to
    tickets.current = new Set()
    setState({ to, status: 'loading', messages: [] })
    refresh()
  }, [to, refresh])

  // Events missed while the socket was down: one fetch when it is back; polling until then.
  const wasOpen = useRef(socketStatus === 'open')
  useEffect(() => {
    const open = socketStatus === 'open'
    if (open && !wasOpen.current) refresh()
    wasOpen.current = open
    if (open || !to) return
    const id = setInterval(refresh, POLL_MS)
    return () => clearInterval(id)
  }, [socketStatus, to, refresh])

  useRealtime<MessageFrame>(companyId ? `company-${companyId}-appMessage` : null, (frame) => {
    const m = frame?.message
    const who = target.current
    if (!m || !who) return
    if (frame.action === 'create') {
      const whatsappId = frame.ticket?.whatsappId ?? m.whatsappId
      if (whatsappId !== connectionId || !frame.contact || !sameNumber(frame.contact.number, who)) return
      tickets.current.add(m.ticketId)
      if (m.fromMe) refresh()
    } else if (frame.action === 'update' && m.fromMe && tickets.current.has(m.ticketId)) refresh()
  })

  const learnTicket = useCallback((ticketId: number) => {
    tickets.current.add(ticketId)
  }, [])
  const current = state.to === to ? state : { to, status: 'loading' as const, messages: [] }
  return { status: current.status, messages: current.messages, refresh, learnTicket }
}
