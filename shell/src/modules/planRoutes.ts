/**
 * Pages that exist only when the company's plan has a flag (core.md §2, administration.md §2).
 * Their modules may not be installed yet: such a page says 'no permission' only when the plan
 * really lacks the flag, and is a plain "not found" when the plan allows it.
 */
export const PLAN_GATED_PREFIXES: Record<string, string> = {
  '/campaigns': 'useCampaigns',
  '/campaign': 'useCampaigns',
  '/campaigns-config': 'useCampaigns',
  '/contact-lists': 'useCampaigns',
  '/kanban': 'useKanban',
  '/prompts': 'useOpenAi',
  '/queue-integration': 'useIntegrations',
  '/messages-api': 'useExternalApi',
  '/schedules': 'useSchedules',
  '/chats': 'useInternalChat',
}

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
  /** Pages of installed modules the super user switched off for the plan (GET /api/modules/denied). */
  deniedRoutes?: string[]
  /** The company's plan flags (GET /api/plans/user); null when unknown (never claims a denial). */
  planFlags?: Record<string, unknown> | null
  /** Whether local storage holds the `cshow` flag. */
  cshow?: boolean
}

/**
 * A page the plan does not allow: a page of an installed module switched off for the plan, a spec
 * plan page whose flag the plan lacks, or a cshow page while cshow is absent. Anything else that
 * no module serves is simply not found.
 */
export function planGated(pathname: string, access: PlanAccess = {}): boolean {
  const { deniedRoutes = [], planFlags = null, cshow = false } = access
  if (deniedRoutes.some((r) => pathname === r || pathname.startsWith(`${r}/`))) return true
  const first = '/' + (pathname.split('/')[1] ?? '')
  if (CSHOW_PREFIXES.includes(first) && !cshow) return true
  const flag = PLAN_GATED_PREFIXES[first]
  return !!flag && !!planFlags && planFlags[flag] === false
}
