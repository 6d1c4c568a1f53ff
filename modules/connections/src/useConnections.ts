import { useMemo } from 'react'
import { useApi, useRealtime, useSession } from '@atende/client'
import { useCollection } from '@atende/ui'
import type { Connection, ConnectionFrame, SessionFrame } from './types.ts'

const byName = (a: Connection, b: Connection) => a.name.localeCompare(b.name)

/** The company's connections, kept current by the session and connection events. */
export function useConnections() {
  const collection = useCollection<Connection>('/whatsapp', '/whatsapp', 'connections.loadError')
  const { setItems } = collection
  const { companyId } = useSession()
  const api = useApi()

  useRealtime<SessionFrame>(companyId ? `company-${companyId}-whatsappSession` : null, (frame) => {
    const s = frame?.session
    if (!s) return
    setItems(
      (list) =>
        list?.map((c) =>
          c.id === s.id ? { ...c, status: s.status, qrcode: s.qrcode, retries: s.retries, updatedAt: s.updatedAt } : c,
        ) ?? list,
    )
    // The session frame has no number: a new connection learns it from the row.
    if (s.status === 'CONNECTED') {
      api.get<Connection>(`/whatsapp/${s.id}`).then(
        (w) => setItems((list) => list?.map((c) => (c.id === w.id ? w : c)) ?? list),
        () => {},
      )
    }
  })

  useRealtime<ConnectionFrame>(companyId ? `company-${companyId}-whatsapp` : null, (frame) => {
    if (frame?.action === 'delete') setItems((list) => list?.filter((c) => c.id !== frame.whatsappId) ?? list)
    else if (frame?.action === 'update' && frame.whatsapp) {
      const w = frame.whatsapp
      setItems((list) => {
        if (!list) return list
        // The default moved to this one: the others lose the flag.
        const rest = w.isDefault
          ? list.map((c) => (c.id !== w.id && c.isDefault ? { ...c, isDefault: false } : c))
          : list
        return rest.some((c) => c.id === w.id)
          ? rest.map((c) => (c.id === w.id ? { ...c, ...w } : c))
          : [...rest, w].sort(byName)
      })
    }
  })

  // A create's response and its own realtime frame can both add the row: one per id.
  const items = useMemo(
    () => collection.items && [...new Map(collection.items.map((c) => [c.id, c])).values()].sort(byName),
    [collection.items],
  )
  return { ...collection, items }
}
