/** The plans plugin's published contract, types only: a plan as the admin screens receive it (its route schema). */
import type { ServiceRef } from '@atende/sdk'
export type { PlanView as Plan } from './schemas.ts'

/** A company's plan's limits (`kernel.services.find<PlanLimitsRef>('plans.limits')`); 0 = unlimited. */
export interface PlanLimitsService {
  readonly version: 1
  /** No plan, or none set: 0 and 0. */
  of(companyId: number): Promise<{ connections: number; queues: number }>
}

/** The `plans.limits` service: `kernel.services.get<PlanLimitsRef>('plans.limits')`. */
export type PlanLimitsRef = ServiceRef<'plans.limits', PlanLimitsService>
