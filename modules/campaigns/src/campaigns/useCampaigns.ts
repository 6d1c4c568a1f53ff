import { useCallback, useEffect, useRef, useState } from 'react'
import { isApiError, useApi, useRealtime, useSession } from '@atende/client'
import { useLivePagedList } from '@atende/ui'
import {
  REPORT_RELOAD_MS,
  byName,
  campaignMatches,
  settingsFrom,
  type Campaign,
  type CampaignFrame,
  type CampaignSettingRow,
  type CampaignSettings,
  type Choice,
} from './types.ts'

/** `company-{id}-campaign` frames for the caller's company (create, update, delete). */
function useCampaignFrames(handler: (frame: CampaignFrame) => void) {
  const { companyId } = useSession()
  useRealtime<CampaignFrame>(companyId ? `company-${companyId}-campaign` : null, (frame) => {
    if (frame && typeof frame === 'object') handler(frame)
  })
}

/**
 * GET /api/campaigns (records, hasMore) for the search text, a page at a time, kept live by the
 * campaign frames: progress and status changes land in place.
 */
export function useCampaigns(search: string) {
  return useLivePagedList<Campaign, CampaignFrame>({
    path: '/campaigns',
    key: 'records',
    search,
    compare: byName,
    matches: campaignMatches,
    name: 'campaigns',
    event: 'campaign',
  })
}

type OneState =
  | { status: 'loading'; campaign: null; error: null }
  | { status: 'ready'; campaign: Campaign; error: null }
  | { status: 'error'; campaign: Campaign | null; error: unknown }

/**
 * One campaign for its report (GET /api/campaigns/:id), live from its frames; when a live update
 * shows it FINALIZADA the data is read again 5 s later.
 */
export function useCampaign(id: number) {
  const api = useApi()
  const [state, setState] = useState<OneState>({ status: 'loading', campaign: null, error: null })
  const [deleted, setDeleted] = useState(false)
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const load = useCallback(
    (signal?: AbortSignal, quiet = false) => {
      if (!quiet) setState({ status: 'loading', campaign: null, error: null })
      api
        .get<Campaign>(`/campaigns/${id}`, { signal })
        .then((campaign) => setState({ status: 'ready', campaign, error: null }))
        .catch((error) => {
          if (signal?.aborted) return
          if (isApiError(error) && error.status === 404) setDeleted(true)
          setState((s) => ({ status: 'error', campaign: quiet ? s.campaign : null, error }))
        })
    },
    [api, id],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    load(ctrl.signal)
    return () => {
      ctrl.abort()
      if (reloadTimer.current) clearTimeout(reloadTimer.current)
    }
  }, [load])
  useCampaignFrames((frame) => {
    if (frame.action === 'delete') {
      if (frame.id === id) setDeleted(true)
      return
    }
    const record = frame.record
    if (!record || record.id !== id) return
    setState((s) => {
      // A frame read before a later one may arrive last: never step back from a finished run.
      if (
        s.campaign?.status === 'FINALIZADA' &&
        record.status !== 'FINALIZADA' &&
        s.campaign.updatedAt > record.updatedAt
      )
        return s
      return { status: 'ready', campaign: record, error: null }
    })
    if (record.status === 'FINALIZADA') {
      if (reloadTimer.current) clearTimeout(reloadTimer.current)
      reloadTimer.current = setTimeout(() => load(undefined, true), REPORT_RELOAD_MS)
    }
  })
  return { ...state, deleted, reload: () => load() }
}

/** GET → [] when a lookup's route is missing (404): a picker then says so instead of failing the dialog. */
async function lookup<T>(get: () => Promise<T[]>): Promise<{ rows: T[]; missing: boolean }> {
  try {
    return { rows: await get(), missing: false }
  } catch (err) {
    if (isApiError(err) && err.status === 404) return { rows: [], missing: true }
    throw err
  }
}

export interface Lookups {
  contactLists: Choice[]
  connections: Choice[]
  tags: Choice[]
  /** The file lists (GET /files, its first pages); none when the files plugin is not there. */
  fileLists: Choice[]
  contactListsMissing: boolean
  status: 'loading' | 'ready' | 'error'
}

/** The dialog's pickers: GET /contact-lists/list, /whatsapp, /tags/list, /files, read each time it opens. */
export function useLookups(open: boolean) {
  const api = useApi()
  const [state, setState] = useState<Lookups>({
    contactLists: [],
    connections: [],
    tags: [],
    fileLists: [],
    contactListsMissing: false,
    status: 'loading',
  })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    if (!open) return
    const ctrl = new AbortController()
    const signal = ctrl.signal
    setState((s) => ({ ...s, status: 'loading' }))
    const pick = (rows: Array<{ id: number; name: string }>) => rows.map(({ id, name }) => ({ id, name }))
    Promise.all([
      lookup(() => api.get<Choice[]>('/contact-lists/list', { signal })),
      lookup(() => api.get<Choice[]>('/whatsapp', { signal })),
      lookup(() => api.get<Choice[]>('/tags/list', { signal })),
      lookup(() => api.get<{ files: Choice[] }>('/files', { signal }).then((r) => r.files)),
    ])
      .then(([lists, conns, tags, files]) =>
        setState({
          contactLists: pick(lists.rows).sort(byName),
          connections: pick(conns.rows).sort(byName),
          tags: pick(tags.rows).sort(byName),
          fileLists: pick(files.rows).sort(byName),
          contactListsMissing: lists.missing,
          status: 'ready',
        }),
      )
      .catch((err) => {
        if (signal.aborted) return
        console.warn('[campaigns] lookups failed', err)
        setState((s) => ({ ...s, status: 'error' }))
      })
    return () => ctrl.abort()
  }, [api, open, attempt])
  return { ...state, retry: () => setAttempt((n) => n + 1) }
}

/** GET /api/campaign-settings as the config page's values. */
export function useCampaignSettings() {
  const api = useApi()
  const [settings, setSettings] = useState<CampaignSettings | null>(null)
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading')
  const [error, setError] = useState<unknown>(null)
  const load = useCallback(
    (signal?: AbortSignal) => {
      setStatus('loading')
      api
        .get<CampaignSettingRow[]>('/campaign-settings', { signal })
        .then((rows) => {
          setSettings(settingsFrom(rows))
          setStatus('ready')
        })
        .catch((err) => {
          if (signal?.aborted) return
          setError(err)
          setStatus('error')
        })
    },
    [api],
  )
  useEffect(() => {
    const ctrl = new AbortController()
    load(ctrl.signal)
    return () => ctrl.abort()
  }, [load])
  return { settings, setSettings, status, error, reload: () => load() }
}
