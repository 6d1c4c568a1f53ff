/** core.md §2: routes that exist only while the browser-storage flag `cshow` is present. */
export const CSHOW_PREFIXES = [
  '/contact-lists',
  '/campaigns',
  '/campaign',
  '/campaigns-config',
  '/phrase-lists',
  '/flowbuilders',
  '/flowbuilder',
  '/import-parts',
]

export interface PlanAccess {
  /**
   * Pages of installed modules switched off for the company's plan (GET /api/modules/denied: each
   * manifest's moduleRoutes, by its plan flag or name). The shell knows no feature's routes or flags.
   */
  deniedRoutes?: string[]
  /** Whether local storage holds the `cshow` flag. */
  cshow?: boolean
}

/**
 * A page the plan does not allow: a page of an installed module switched off for the plan, or a
 * cshow page while cshow is absent. Anything else that no module serves (a feature not installed
 * here) is simply not found.
 */
export function planGated(pathname: string, access: PlanAccess = {}): boolean {
  const { deniedRoutes = [], cshow = false } = access
  if (deniedRoutes.some((r) => pathname === r || pathname.startsWith(`${r}/`))) return true
  const first = '/' + (pathname.split('/')[1] ?? '')
  return CSHOW_PREFIXES.includes(first) && !cshow
}
