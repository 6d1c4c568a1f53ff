import type { ComponentType } from 'react'

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
  /** 'admin' items are shown only to admins (core.md §2 Layout). */
  section?: 'main' | 'admin'
  superOnly?: boolean
  /** Order within its section; lower first. */
  order?: number
}

export interface ModuleDefinition {
  name: string
  planFlag?: string
  routes: ModuleRoute[]
  menu: ModuleMenuItem[]
  permissions?: string[]
  i18n: { pt: Resources; en: Resources; es: Resources }
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
  else m.routes.forEach((r, i) => {
    if (!r || typeof r.path !== 'string' || !r.path.startsWith('/')) problems.push(`routes[${i}].path is invalid`)
    if (!r || (typeof r.element !== 'function' && typeof r.element !== 'object')) problems.push(`routes[${i}].element is not a component`)
  })
  if (!Array.isArray(m.menu)) problems.push('menu is not an array')
  else m.menu.forEach((item, i) => {
    if (!item || typeof item.label !== 'string' || typeof item.to !== 'string') problems.push(`menu[${i}] needs label and to`)
  })
  if (!m.i18n || typeof m.i18n !== 'object') problems.push('i18n is missing')
  else for (const lang of ['pt', 'en', 'es'] as const) {
    if (!m.i18n[lang] || typeof m.i18n[lang] !== 'object') problems.push(`i18n.${lang} is missing`)
  }
  return problems
}

export function isModuleDefinition(value: unknown): value is ModuleDefinition {
  return moduleProblems(value).length === 0
}
