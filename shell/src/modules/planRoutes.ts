export interface PlanAccess {
  /**
   * Pages of installed modules switched off for the company's plan (GET /api/modules/denied: each
   * manifest's moduleRoutes, by its plan flag or name). The shell knows no feature's routes or flags.
   */
  deniedRoutes?: string[]
  /**
   * Pages of the company's modules that exist only while its campaigns switch is on (GET
   * /api/modules: each manifest's cshowRoutes).
   */
  cshowRoutes?: string[]
  /** Whether local storage holds the `cshow` flag (the company's campaignsEnabled setting). */
  cshow?: boolean
}

const under = (pathname: string, routes: string[]) => routes.some((r) => pathname === r || pathname.startsWith(`${r}/`))

/**
 * A page the plan does not allow: a page of an installed module switched off for the plan, or a
 * campaigns page while the `cshow` flag is absent. Anything else that no module serves (a feature
 * not installed here) is simply not found.
 */
export function planGated(pathname: string, access: PlanAccess = {}): boolean {
  const { deniedRoutes = [], cshowRoutes = [], cshow = false } = access
  return under(pathname, deniedRoutes) || (!cshow && under(pathname, cshowRoutes))
}
