/**
 * The SDK's constants the front end shows as they are: browser-safe (no imports), so modules import
 * these values from `@atende/sdk/values` instead of copying them.
 */

/** The seven plan flags: the first rows of the plan↔module table, shown even before their plugins exist. */
export const PLAN_FLAGS = [
  'useCampaigns',
  'useSchedules',
  'useInternalChat',
  'useExternalApi',
  'useKanban',
  'useOpenAi',
  'useIntegrations',
] as const
export type PlanFlag = (typeof PLAN_FLAGS)[number]
