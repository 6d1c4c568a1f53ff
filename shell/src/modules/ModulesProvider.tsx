import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react'
import i18n from 'i18next'
import { collectExtensions, ExtensionsProvider, type ModuleMenuItem, type ModuleRoute, type SlotDialogProps } from '@atende/ui'
import { loadModule, loadModules, type ModuleState } from './loader.ts'
import { useSession } from '@atende/client'

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
  retry: (name: string) => Promise<void>
}

const NO_SLOTS: ModulesValue['slots'] = { topBar: [], profileDialog: null }
const Ctx = createContext<ModulesValue>({ status: 'idle', modules: [], routes: [], menu: [], slots: NO_SLOTS, deniedRoutes: [], retry: async () => {} })
export const useModules = () => useContext(Ctx)

function addTranslations(state: ModuleState) {
  if (state.status !== 'ready') return
  for (const [lng, resources] of Object.entries(state.definition.i18n)) {
    i18n.addResourceBundle(lng, 'translation', resources, true, false)
  }
}

/** Loads the company's modules once per signed-in company and composes routes, menu and translations. */
export function ModulesProvider({ children }: { children: ReactNode }) {
  const { user } = useSession()
  const companyId = user?.companyId
  const [status, setStatus] = useState<ModulesValue['status']>('idle')
  const [modules, setModules] = useState<ModuleState[]>([])
  const [deniedRoutes, setDeniedRoutes] = useState<string[]>([])

  useEffect(() => {
    if (!companyId) { setModules([]); setStatus('idle'); return }
    let cancelled = false
    setStatus('loading')
    loadModules()
      .then(({ modules: list, deniedRoutes: denied }) => {
        if (cancelled) return
        list.forEach(addTranslations)
        setModules(list)
        setDeniedRoutes(denied)
        setStatus('ready')
      })
      .catch((err) => {
        console.error('[modules] list failed', err)
        if (!cancelled) setStatus('error')
      })
    return () => { cancelled = true }
  }, [companyId])

  const retry = useCallback(async (name: string) => {
    const current = modules.find((m) => m.manifest.name === name)
    if (!current) return
    const next = await loadModule(current.manifest)
    addTranslations(next)
    setModules((list) => list.map((m) => (m.manifest.name === name ? next : m)))
  }, [modules])

  const value = useMemo<ModulesValue>(() => {
    const ready = modules.filter((m): m is Extract<ModuleState, { status: 'ready' }> => m.status === 'ready')
    // The users module owns the profile dialog; any other module offering one is a fallback.
    const dialogs = ready.filter((m) => m.definition.slots?.profileDialog)
      .sort((a, b) => Number(b.manifest.name === 'users') - Number(a.manifest.name === 'users'))
    const slots: ModulesValue['slots'] = {
      topBar: ready.flatMap((m) => (m.definition.slots?.topBar ?? []).map((Component, i) => ({ module: m.manifest.name, key: `${m.manifest.name}:${i}`, Component }))),
      profileDialog: dialogs[0] ? { module: dialogs[0].manifest.name, Component: dialogs[0].definition.slots!.profileDialog! } : null,
    }
    return {
      status,
      slots,
      deniedRoutes,
      modules,
      routes: ready.flatMap((m) => m.definition.routes.map((r) => ({ ...r, module: m.manifest.name }))),
      menu: ready.flatMap((m) => m.definition.menu.map((i) => ({ ...i, module: m.manifest.name }))),
      retry,
    }
  }, [modules, status, retry, deniedRoutes])

  // Modules fill each other's named slots through @atende/ui's context (a shared singleton), never by importing each other.
  const extensions = useMemo(() => collectExtensions(modules.flatMap((m) =>
    m.status === 'ready' ? [{ name: m.manifest.name, extensions: m.definition.slots?.extensions }] : [])), [modules])

  return <Ctx.Provider value={value}><ExtensionsProvider value={extensions}>{children}</ExtensionsProvider></Ctx.Provider>
}
