import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react'
import i18n from 'i18next'
import {
  collectExtensions,
  ExtensionsProvider,
  menuItems,
  type ModuleMenuItem,
  type ModuleRoute,
  type Resources,
  type SlotDialogProps,
} from '@atende/ui'
import { useApi, useRealtime, useSession } from '@atende/client'
import { client } from '../client.ts'
import { cachedManifests, loadModule, loadModules, type ModuleManifest, type ModuleState } from './loader.ts'
import { createTranslationRegistry, describeClash } from './translations.ts'
import { SHELL_TEXTS } from '../i18n/index.ts'
import { useSessionLapsed } from '../session.ts'

export interface ModulesValue {
  status: 'idle' | 'loading' | 'ready' | 'error'
  modules: ModuleState[]
  routes: Array<ModuleRoute & { module: string }>
  menu: Array<ModuleMenuItem & { module: string }>
  /** What the loaded modules put in the shell's named slots. */
  slots: {
    topBar: Array<{ module: string; key: string; Component: ComponentType }>
    profileDialog: { module: string; Component: ComponentType<SlotDialogProps> } | null
  }
  /** Pages of installed modules the plan switched off. */
  deniedRoutes: string[]
  /** Pages of the listed modules that need the company's campaigns switch (their manifests' cshowRoutes). */
  cshowRoutes: string[]
  /** Modules whose drawer items are not known yet (the drawer shows a skeleton row for each). */
  pending: number
  retry: (name: string) => Promise<void>
}

const NO_SLOTS: ModulesValue['slots'] = { topBar: [], profileDialog: null }
const Ctx = createContext<ModulesValue>({
  status: 'idle',
  modules: [],
  routes: [],
  menu: [],
  slots: NO_SLOTS,
  deniedRoutes: [],
  cshowRoutes: [],
  pending: 0,
  retry: async () => {},
})
export const useModules = () => useContext(Ctx)

/** The labels GET /api/modules brought, so the drawer can say them before the modules load. */
function addMenuLabels(manifests: ModuleManifest[]) {
  for (const entry of manifests.flatMap((m) => m.menu ?? [])) {
    for (const [lng, text] of Object.entries(entry.labels ?? {})) {
      if (text && !i18n.exists(entry.label, { lng })) i18n.addResource(lng, 'translation', entry.label, text)
    }
  }
}

/** Who set which texts (translations.ts): a module taking another's namespace is reported, not silent. */
const translationOwners = createTranslationRegistry(SHELL_TEXTS as Record<string, Resources>)

function addTranslations(state: ModuleState) {
  if (state.status !== 'ready') return
  for (const clash of translationOwners.register(state.definition.name, state.definition.i18n)) {
    if (clash.severity === 'error') console.error(describeClash(clash))
    else console.warn(describeClash(clash))
  }
  for (const [lng, resources] of Object.entries(state.definition.i18n)) {
    i18n.addResourceBundle(lng, 'translation', resources, true, false)
  }
}

/** Loads the company's modules once per signed-in company and composes routes, menu and translations. */
export function ModulesProvider({ children }: { children: ReactNode }) {
  const api = useApi()
  const { user } = useSession()
  const companyId = user?.companyId
  // A restricted session's list holds only billing: renewing (the session's due date moves on the
  // payment event) loads the full list again.
  const lapsed = useSessionLapsed(user)
  const shownCompany = useRef<number | undefined>(undefined)
  const [status, setStatus] = useState<ModulesValue['status']>('idle')
  const [modules, setModules] = useState<ModuleState[]>([])
  const [deniedRoutes, setDeniedRoutes] = useState<string[]>([])
  const [manifests, setManifests] = useState<ModuleManifest[] | null>(null)
  const [guess, setGuess] = useState(0)
  // Bumped when the server says what the company may use changed (kernel-events.ts): the list,
  // the denied pages and the drawer are asked again, with no reload.
  const [revision, setRevision] = useState(0)
  useRealtime<{ planId?: number }>(companyId ? `company-${companyId}-modules` : null, ({ planId }) => {
    // A plan edit reaches every company online at once: spread their requests over a few seconds.
    const delay = planId === undefined ? 0 : Math.random() * 3000
    setTimeout(() => setRevision((r) => r + 1), delay)
  })

  useEffect(() => {
    if (!companyId) {
      shownCompany.current = undefined
      setModules([])
      setStatus('idle')
      setManifests(null)
      setGuess(0)
      return
    }
    let cancelled = false
    // The same company again (its session renewed): the page on screen (billing's success message)
    // stays while the full list loads; each module joins as it is ready.
    if (shownCompany.current !== companyId) {
      shownCompany.current = companyId
      setStatus('loading')
      setModules([])
      setManifests(null)
      // Until GET /api/modules answers, the last visit's count gives the skeleton its size. (Its menu
      // is not drawn: a module the plan has since switched off would flash in the drawer.)
      setGuess(cachedManifests(companyId).length || 6)
    }
    // The campaign, contact-list, phrase-list, flow and import routes key on the browser's
    // `cshow` flag, which follows the company's campaignsEnabled setting from each sign-in on (the
    // flows module keeps it in step whenever one of its pages opens).
    api
      .get<Array<{ key: string; value: string }>>('/settings')
      .then((rows) => {
        if (cancelled) return
        const on = rows.some((r) => r.key === 'campaignsEnabled' && r.value === 'true')
        client.session.setPreference('cshow', on ? '1' : null)
      })
      .catch(() => {
        /* unknown: the flag stays as the last sign-in left it */
      })
    // Every remote loads at once and each joins the drawer as soon as it is ready.
    loadModules({
      companyId,
      // The drawer is drawn from the list's menu data at once; each module's own items replace those when it loads.
      onManifests: (list) => {
        if (!cancelled) {
          addMenuLabels(list)
          setManifests(list)
        }
      },
      onModule: (state) => {
        if (cancelled) return
        addTranslations(state)
        setModules((list) => [...list.filter((m) => m.manifest.name !== state.manifest.name), state])
      },
    })
      .then(({ modules: list, deniedRoutes: denied }) => {
        if (cancelled) return
        setModules(list)
        setDeniedRoutes(denied)
        setStatus('ready')
      })
      .catch((err) => {
        console.error('[modules] list failed', err)
        if (!cancelled) {
          setManifests([])
          setStatus('error')
        }
      })
    return () => {
      cancelled = true
    }
  }, [companyId, lapsed, api, revision])

  const retry = useCallback(
    async (name: string) => {
      const current = modules.find((m) => m.manifest.name === name)
      if (!current) return
      const next = await loadModule(current.manifest)
      addTranslations(next)
      setModules((list) => list.map((m) => (m.manifest.name === name ? next : m)))
    },
    [modules],
  )

  const value = useMemo<ModulesValue>(() => {
    const ready = modules.filter((m): m is Extract<ModuleState, { status: 'ready' }> => m.status === 'ready')
    // The users module owns the profile dialog; any other module offering one is a fallback.
    const dialogs = ready
      .filter((m) => m.definition.slots?.profileDialog)
      .sort((a, b) => Number(b.manifest.name === 'users') - Number(a.manifest.name === 'users'))
    const slots: ModulesValue['slots'] = {
      topBar: ready.flatMap((m) =>
        (m.definition.slots?.topBar ?? []).map((Component, i) => ({
          module: m.manifest.name,
          key: `${m.manifest.name}:${i}`,
          Component,
        })),
      ),
      profileDialog: dialogs[0]
        ? { module: dialogs[0].manifest.name, Component: dialogs[0].definition.slots!.profileDialog! }
        : null,
    }
    // A loaded module's own items (with badges); before that, or when it failed, the list's menu data.
    const menu = (manifests ?? []).flatMap((manifest) => {
      const loaded = ready.find((m) => m.manifest.name === manifest.name)
      const items = loaded ? loaded.definition.menu : menuItems(manifest.menu ?? [])
      return items.map((i) => ({ ...i, module: manifest.name }))
    })
    const settled = new Set(modules.map((m) => m.manifest.name))
    // Only a module whose items are unknown (no built menu.json) holds a placeholder row; one whose
    // menu.json is empty (a module of extensions, no page) has nothing to wait for.
    const pending = manifests ? manifests.filter((m) => !m.menu && !settled.has(m.name)).length : guess
    return {
      status,
      slots,
      deniedRoutes,
      cshowRoutes: (manifests ?? []).flatMap((m) => m.cshowRoutes ?? []),
      pending,
      modules,
      routes: ready.flatMap((m) => m.definition.routes.map((r) => ({ ...r, module: m.manifest.name }))),
      menu,
      retry,
    }
  }, [modules, manifests, status, retry, deniedRoutes, guess])

  // Modules fill each other's named slots through @atende/ui's context (a shared singleton), never by importing each other.
  const extensions = useMemo(
    () =>
      collectExtensions(
        modules.flatMap((m) =>
          m.status === 'ready' ? [{ name: m.manifest.name, extensions: m.definition.slots?.extensions }] : [],
        ),
      ),
    [modules],
  )

  return (
    <Ctx.Provider value={value}>
      <ExtensionsProvider value={extensions}>{children}</ExtensionsProvider>
    </Ctx.Provider>
  )
}
