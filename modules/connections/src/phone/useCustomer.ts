import { useCallback, useEffect, useState } from 'react'
import { formatPhone } from '@atende/ui'
import { randomCustomerNumber } from './chat.ts'

export interface Customer {
  number: string
  name: string
}

const storageKey = (connectionId: number) => `atende.connections.phone.${connectionId}`

function load(connectionId: number): Customer {
  try {
    const raw = localStorage.getItem(storageKey(connectionId))
    const c = raw ? (JSON.parse(raw) as Partial<Customer>) : null
    if (c && typeof c.number === 'string' && c.number)
      return { number: c.number, name: typeof c.name === 'string' ? c.name : '' }
  } catch {
    /* unreadable or blocked storage: start afresh */
  }
  return fresh()
}

/** A new customer: a generated number, written the way people write it (+55 (11) 9xxxx-xxxx). */
const fresh = (): Customer => ({ number: formatPhone(randomCustomerNumber()), name: '' })

/**
 * Who the simulator phone plays for one connection: a number and a name, remembered in local
 * storage per connection so the same conversation comes back after a reload. Key the component
 * using it by connection id.
 */
export function useCustomer(connectionId: number) {
  // Read once: the panel is keyed by connection, so another connection mounts a new hook.
  const [customer, setCustomer] = useState<Customer>(() => load(connectionId))
  useEffect(() => {
    try {
      localStorage.setItem(storageKey(connectionId), JSON.stringify(customer))
    } catch {
      /* storage full or blocked */
    }
  }, [connectionId, customer])

  const update = useCallback((patch: Partial<Customer>) => setCustomer((c) => ({ ...c, ...patch })), [])
  /** Another customer: a fresh number, no name. */
  const renew = useCallback(() => setCustomer(fresh()), [])
  return { customer, update, renew }
}
