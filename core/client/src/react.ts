/**
 * The thin React layer over the client: the session as jotai atoms (jotai and this package are
 * shared singletons, so the shell and every module see the same atoms), a provider that keeps
 * them in sync with storage and runs the socket while logged in, and hooks for the API, the
 * session and realtime events.
 */
import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react'
import { atom, useAtomValue, useStore } from 'jotai'
import { useHydrateAtoms } from 'jotai/utils'
import type { AtendeClient } from './client.ts'
import type { ApiClient } from './http.ts'
import type { SessionUser } from './session.ts'
import type { RealtimeSocket, SocketStatus } from './socket.ts'

export const sessionTokenAtom = atom<string | null>(null)
export const sessionUserAtom = atom<SessionUser | null>(null)
export const isAuthenticatedAtom = atom((get) => get(sessionTokenAtom) != null)

const ClientContext = createContext<AtendeClient | null>(null)

export interface ClientProviderProps {
  client: AtendeClient
  /** Connect the socket while a session exists and close it otherwise (default true). */
  manageSocket?: boolean
  children?: ReactNode
}

export function ClientProvider({ client, manageSocket = true, children }: ClientProviderProps) {
  const store = useStore()
  // The first render already sees the stored session (no logged-out flash).
  useHydrateAtoms([
    [sessionTokenAtom, client.session.getToken()],
    [sessionUserAtom, client.session.getUser()],
  ] as const)

  useEffect(() => {
    const sync = () => {
      store.set(sessionTokenAtom, client.session.getToken())
      store.set(sessionUserAtom, client.session.getUser())
    }
    sync() // anything that changed between render and subscription
    return client.session.subscribe(sync)
  }, [client, store])

  const loggedIn = useAtomValue(isAuthenticatedAtom)
  useEffect(() => {
    if (!manageSocket || !loggedIn) return
    client.socket.connect()
    return () => client.socket.close()
  }, [client, manageSocket, loggedIn])

  return createElement(ClientContext.Provider, { value: client }, children)
}

function useClient(): AtendeClient {
  const client = useContext(ClientContext)
  if (!client) throw new Error('@atende/client: wrap the app in <ClientProvider client={…}>')
  return client
}

export const useApi = (): ApiClient => useClient().api
export const useSocket = (): RealtimeSocket => useClient().socket

export function useSession() {
  const { api, session } = useClient()
  const token = useAtomValue(sessionTokenAtom)
  const user = useAtomValue(sessionUserAtom)
  return useMemo(
    () => ({
      token,
      user,
      isAuthenticated: token != null,
      companyId: user?.companyId ?? null,
      isAdmin: user?.profile === 'admin',
      isSuper: user?.super === true,
      login: api.login,
      logout: api.logout,
      session,
    }),
    [token, user, api, session],
  )
}

/**
 * Calls `handler` for every `event` frame while mounted; with `room`, joins that room for as
 * long as the component is mounted (shared with other subscribers of the same room).
 */
export function useRealtime<T = unknown>(
  event: string | null | undefined,
  handler: (data: T) => void,
  opts: { room?: string | null } = {},
) {
  const socket = useSocket()
  const latest = useRef(handler)
  latest.current = handler
  const room = opts.room ?? null
  useEffect(() => {
    if (room) socket.join(room)
    const off = event ? socket.on<T>(event, (data) => latest.current(data)) : undefined
    return () => {
      off?.()
      if (room) socket.leave(room)
    }
  }, [socket, event, room])
}

export function useSocketStatus(): SocketStatus {
  const socket = useSocket()
  return useSyncExternalStore(
    (cb) => socket.onStatus(cb),
    () => socket.status,
    () => socket.status,
  )
}

export interface PermissionsState {
  status: 'loading' | 'ready' | 'error'
  values: ReadonlySet<string>
}
const NO_PERMISSIONS: ReadonlySet<string> = new Set()
// One request per user and role per page load, shared by the shell and every module (this package is
// a federation singleton). A failed load is forgotten so the next mount asks again.
const permissionRequests = new Map<string, Promise<string[]>>()

/** The signed-in user's named permissions (GET /api/permissions). */
export function usePermissions(): PermissionsState {
  const api = useApi()
  const { user } = useSession()
  const key = user ? `${user.id}:${user.profile}:${user.super}` : ''
  const [state, setState] = useState<PermissionsState>({ status: 'loading', values: NO_PERMISSIONS })
  useEffect(() => {
    if (!key) return
    let alive = true
    setState({ status: 'loading', values: NO_PERMISSIONS })
    let request = permissionRequests.get(key)
    if (!request) {
      request = api.get<{ permissions: string[] }>('/permissions').then((r) => r.permissions)
      request.catch(() => permissionRequests.delete(key))
      permissionRequests.set(key, request)
    }
    request.then(
      (list) => {
        if (alive) setState({ status: 'ready', values: new Set(list) })
      },
      (err) => {
        console.warn('[permissions] load failed', err)
        if (alive) setState({ status: 'error', values: NO_PERMISSIONS })
      },
    )
    return () => {
      alive = false
    }
  }, [api, key])
  return state
}
