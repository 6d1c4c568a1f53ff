import { Component, createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react'

/**
 * Named extension slots: one module puts UI into another module's screen without importing it.
 * A module declares `slots.extensions: { 'ticket.actions': ScheduleButton }`; the shell collects
 * every loaded module's contributions and provides them here; the owning screen renders
 * `<ExtensionSlot name="ticket.actions" props={{ ticket }} />`. This file lives in @atende/ui,
 * a federation shared singleton, so the shell and every module read the same context.
 *
 * Slots published so far (the owner documents the props it passes):
 * - `ticket.actions` (tickets, chat header buttons): `{ ticket }`
 * - `ticket.menu` (tickets, list item ⋮ menu entries): `{ ticket, close, className }`
 * - `users.columns` (users, the table's columns): `{ setColumn(key, { header, Cell, headerClassName?, className? } | null) }`;
 *   the contribution draws nothing and registers a column whose `Cell` gets `{ user }` (modules/users/src/slots.tsx)
 * - `users.actions` (users, each row's action buttons): `{ user }` (`{ id, name, email, profile, … }`)
 */

/**
 * What a module contributes to a slot. Each slot owner defines its props; they cannot be typed across
 * federated builds, so a component of any props is accepted (`never`) and the slot renders it with its own.
 */
export type ExtensionComponent = ComponentType<never>

/** One module's contribution to one slot. */
export interface Extension {
  module: string
  /** Stable React key: `${module}:${slot}`. */
  key: string
  Component: ExtensionComponent
}

/** Slot name → contributions, ordered by module name. */
export type ExtensionMap = Readonly<Record<string, readonly Extension[]>>

const NONE: readonly Extension[] = []
const ExtensionsContext = createContext<ExtensionMap>({})

/**
 * Groups the modules' declared extensions by slot name, ordered by module name so the order on
 * screen does not depend on which remote answered first.
 */
export function collectExtensions(
  modules: ReadonlyArray<{ name: string; extensions?: Readonly<Record<string, ExtensionComponent>> }>,
): ExtensionMap {
  const map: Record<string, Extension[]> = {}
  const sorted = [...modules].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  for (const { name: module, extensions } of sorted) {
    for (const [slot, Component] of Object.entries(extensions ?? {})) {
      ;(map[slot] ??= []).push({ module, key: `${module}:${slot}`, Component })
    }
  }
  return map
}

/** Provided by the shell around the routes; without it every slot is empty. */
export function ExtensionsProvider({ value, children }: { value: ExtensionMap; children: ReactNode }) {
  return <ExtensionsContext.Provider value={value}>{children}</ExtensionsContext.Provider>
}

/** The contributions to one slot (empty when none), e.g. to hide a separator around an empty slot. */
export function useExtensions(name: string): readonly Extension[] {
  return useContext(ExtensionsContext)[name] ?? NONE
}

/** Around one contribution: a crash removes that contribution only (logged), never the host screen. */
class ExtensionBoundary extends Component<{ slot: string; module: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  componentDidCatch(error: Error) {
    console.error(`[extensions] ${this.props.module} in ${this.props.slot} failed`, error)
  }
  render() {
    return this.state.failed ? null : <Suspense fallback={null}>{this.props.children}</Suspense>
  }
}

export interface ExtensionSlotProps<P extends object> {
  name: string
  /** Passed to every contribution. */
  props?: P
}

/** Renders every contribution to `name` with `props`, each isolated; nothing (no element) when none. */
export function ExtensionSlot<P extends object = Record<string, never>>({ name, props }: ExtensionSlotProps<P>) {
  const list = useExtensions(name)
  if (!list.length) return null
  return (
    <>
      {list.map(({ key, module, Component }) => {
        // The slot's owner and its contributors agree on P by the slot's name (see the list above).
        const C = Component as ComponentType<Partial<P>>
        return (
          <ExtensionBoundary key={key} slot={name} module={module}>
            <C {...props} />
          </ExtensionBoundary>
        )
      })}
    </>
  )
}
