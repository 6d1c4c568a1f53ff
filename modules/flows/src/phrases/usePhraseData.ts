import { useCallback, useEffect, useState } from 'react'
import { useApi } from '@atende/client'
import type { ConnectionWire, FlowCampaignWire, FlowChoiceWire } from '../types.ts'

/** GET /api/flowcampaign ({ flow: [...] }), by name. */
export function usePhrases() {
  const api = useApi()
  const [items, setItems] = useState<FlowCampaignWire[] | null>(null)
  const [failed, setFailed] = useState(false)
  const reload = useCallback(
    async (signal?: AbortSignal) => {
      setFailed(false)
      try {
        setItems((await api.get<{ flow: FlowCampaignWire[] }>('/flowcampaign', { signal })).flow)
      } catch (err) {
        if (signal?.aborted) return
        console.error(err)
        setFailed(true)
      }
    },
    [api],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    void reload(ctrl.signal)
    return () => ctrl.abort()
  }, [reload])
  const upsert = useCallback(
    (c: FlowCampaignWire) =>
      setItems((list) => {
        const rest = (list ?? []).filter((x) => x.id !== c.id)
        return [...rest, c].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id)
      }),
    [],
  )
  const drop = useCallback((id: number) => setItems((list) => list?.filter((x) => x.id !== id) ?? list), [])
  return { items, failed, reload: () => void reload(), upsert, drop }
}

/** What the phrase dialog picks from: every flow (GET /flowbuilder/list) and the connections (GET /whatsapp). */
export function usePhraseChoices(enabled: boolean) {
  const api = useApi()
  const [flows, setFlows] = useState<FlowChoiceWire[] | null>(null)
  const [connections, setConnections] = useState<ConnectionWire[] | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!enabled) return
    const ctrl = new AbortController()
    const signal = ctrl.signal
    setFailed(false)
    const allFlows = async () => (await api.get<{ flows: FlowChoiceWire[] }>('/flowbuilder/list', { signal })).flows
    Promise.all([allFlows(), api.get<ConnectionWire[]>('/whatsapp', { signal })])
      .then(([f, c]) => {
        setFlows(f)
        setConnections(c)
      })
      .catch((err) => {
        if (signal.aborted) return
        console.error(err)
        setFailed(true)
        setFlows((x) => x ?? [])
        setConnections((x) => x ?? [])
      })
    return () => ctrl.abort()
  }, [api, enabled])
  return { flows, connections, failed }
}
