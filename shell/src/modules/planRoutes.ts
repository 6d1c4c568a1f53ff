/**
 * Pages that exist only when the company's plan has a flag (core.md §2, administration.md §2).
 * When such a page's module is not offered by GET /api/modules, the shell shows the
 * no-permission message and goes home instead of a plain "not found".
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

/**
 * A page the plan does not allow: one of the spec's plan pages above (their modules may not be
 * installed yet), or a page of an installed module the super user switched off for the plan
 * (`deniedRoutes`, from GET /api/modules/denied).
 */
export function planGated(pathname: string, deniedRoutes: string[] = []): boolean {
  const first = '/' + (pathname.split('/')[1] ?? '')
  return first in PLAN_GATED_PREFIXES || deniedRoutes.some((r) => pathname === r || pathname.startsWith(`${r}/`))
}
