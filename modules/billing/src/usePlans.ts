import { useMemo } from 'react'
import type { Plan } from './types.ts'
import { useLoad } from './useLoad.ts'

/**
 * The plans a company may choose: the public ones (GET /api/plans/list) plus its own plan (GET
 * /api/plans/user), which need not be public. The own plan is a best effort: when it cannot be read
 * (a restricted session) the public list stands alone. `load` is false while closed (no requests).
 */
export function usePlans(load = true) {
  const list = useLoad<Plan[]>(load ? '/plans/list' : null)
  const own = useLoad<Plan>(load ? '/plans/user' : null)
  const ownPlan = own.data
  const plans = useMemo(() => {
    if (!list.data) return null
    return ownPlan && !list.data.some((p) => p.id === ownPlan.id) ? [...list.data, ownPlan] : list.data
  }, [list.data, ownPlan])
  return {
    /** Waiting for the list, or for the own plan (a failure of which is not waited on twice). */
    status: list.status === 'ready' && own.status === 'loading' ? ('loading' as const) : list.status,
    plans,
    ownPlanId: ownPlan?.id ?? null,
    reload: list.reload,
  }
}
