/** The plans plugin's published contract, types only: a plan as the admin screens receive it (its route schema). */
export type { PlanView as Plan } from './schemas.ts'
