import type { ComponentType } from 'react'
import type { ExtensionComponent } from './extensions.tsx'

/** Translation resources of one language: nested keys → strings. */
export type Resources = { [key: string]: string | Resources }

export interface ModuleRoute {
  /** Absolute path, e.g. '/helps' or '/tickets/:ticketId?'. */
  path: string
  /** The page; usually `lazy(() => import('./pages/X'))`. */
  element: ComponentType
}

export interface ModuleMenuItem {
  /** i18n key, e.g. 'menu.helps'. */
  label: string
  to: string
  icon?: ComponentType<{ className?: string }>
  /** 'admin' items are shown only to admins. */
  section?: 'main' | 'admin'
  superOnly?: boolean
  /** Shown only to users holding this named permission (GET /api/permissions); hidden while they load or when they fail. */
  permission?: string
  /** Order within its section; lower first. */
  order?: number
  /** Shown only when this company setting has this value (e.g. apiTokensEnabled = 'enabled'); hidden while settings load or when they fail. */
  requiresSetting?: { key: string; value: string }
  /** Rendered after the label, 2 s after the drawer mounts (e.g. the connections warning). Renders null when there is nothing to say. */
  badge?: ComponentType
}

/** Props the shell passes to a dialog slot. */
export interface SlotDialogProps {
  open: boolean
  onClose: () => void
}

/**
 * Named injection zones a module may fill; the shell renders what the loaded modules give and
 * works without any. Each slot renders inside an error boundary: a failing slot disappears.
 */
export interface ModuleSlots {
  /** Top-bar widgets (usually popovers: unread tickets, announcements, internal chat), before the language menu. */
  topBar?: ComponentType[]
  /** Replaces the shell's small built-in 'edit own profile' dialog (the users module fills it). */
  profileDialog?: ComponentType<SlotDialogProps>
  /**
   * Contributions to other modules' named extension slots (slot name → component), e.g.
   * `{ 'ticket.actions': ScheduleButton, 'ticket.menu': ScheduleMenuItem }`; the owning screen
   * renders them with `<ExtensionSlot name="ticket.actions" props={{ ticket }} />` (extensions.tsx).
   */
  extensions?: { [slotName: string]: ExtensionComponent }
}

export interface ModuleDefinition {
  name: string
  planFlag?: string
  routes: ModuleRoute[]
  menu: ModuleMenuItem[]
  permissions?: string[]
  i18n: { pt: Resources; en: Resources; es: Resources }
  slots?: ModuleSlots
}

const MODULE_MARK = '__atendeModule'

/** What a federated module default-exports; the shell checks the shape before using it. */
export function defineModule<T extends ModuleDefinition>(definition: T): T {
  return Object.assign(definition, { [MODULE_MARK]: true })
}

/** Returns a list of problems with a module's default export (empty when it is usable). */
export function moduleProblems(value: unknown): string[] {
  const problems: string[] = []
  if (!value || typeof value !== 'object') return ['the default export is not an object']
  const m = value as Partial<ModuleDefinition>
  if (typeof m.name !== 'string' || !m.name) problems.push('name is missing')
  if (!Array.isArray(m.routes)) problems.push('routes is not an array')
  else
    m.routes.forEach((r, i) => {
      if (!r || typeof r.path !== 'string' || !r.path.startsWith('/')) problems.push(`routes[${i}].path is invalid`)
      if (!r || !isComponent(r.element)) problems.push(`routes[${i}].element is not a component`)
    })
  if (!Array.isArray(m.menu)) problems.push('menu is not an array')
  else
    m.menu.forEach((item, i) => {
      if (!item || typeof item.label !== 'string' || typeof item.to !== 'string') {
        problems.push(`menu[${i}] needs label and to`)
        return
      }
      if (item.permission !== undefined && (typeof item.permission !== 'string' || !item.permission))
        problems.push(`menu[${i}].permission is not a name`)
      const rs = item.requiresSetting
      if (rs !== undefined && (!rs || typeof rs.key !== 'string' || typeof rs.value !== 'string'))
        problems.push(`menu[${i}].requiresSetting needs key and value`)
      if (item.badge !== undefined && !isComponent(item.badge)) problems.push(`menu[${i}].badge is not a component`)
    })
  if (m.slots !== undefined) problems.push(...slotProblems(m.slots))
  if (!m.i18n || typeof m.i18n !== 'object') problems.push('i18n is missing')
  else
    for (const lang of ['pt', 'en', 'es'] as const) {
      if (!m.i18n[lang] || typeof m.i18n[lang] !== 'object') problems.push(`i18n.${lang} is missing`)
    }
  return problems
}

/** A function component, a class, or a lazy/memo/forwardRef object. */
const isComponent = (v: unknown) => typeof v === 'function' || (!!v && typeof v === 'object' && '$$typeof' in v)

function slotProblems(slots: unknown): string[] {
  if (!slots || typeof slots !== 'object' || Array.isArray(slots)) return ['slots is not an object']
  const s = slots as ModuleSlots
  const problems: string[] = []
  if (s.topBar !== undefined) {
    if (!Array.isArray(s.topBar)) problems.push('slots.topBar is not an array')
    else
      s.topBar.forEach((c, i) => {
        if (!isComponent(c)) problems.push(`slots.topBar[${i}] is not a component`)
      })
  }
  if (s.profileDialog !== undefined && !isComponent(s.profileDialog))
    problems.push('slots.profileDialog is not a component')
  const ext: unknown = s.extensions
  if (ext !== undefined) {
    if (!ext || typeof ext !== 'object' || Array.isArray(ext)) problems.push('slots.extensions is not an object')
    else
      for (const [slot, c] of Object.entries(ext)) {
        if (!slot) problems.push('slots.extensions has an empty slot name')
        else if (!isComponent(c)) problems.push(`slots.extensions["${slot}"] is not a component`)
      }
  }
  return problems
}

export function isModuleDefinition(value: unknown): value is ModuleDefinition {
  return moduleProblems(value).length === 0
}
