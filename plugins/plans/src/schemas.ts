import { Type, type Static, type TBoolean, type TOptional } from '@sinclair/typebox'
import { PLAN_FLAGS, type PlanFlag } from '@atende/sdk'

// The seven spec flags as schema properties (required in answers, optional in bodies).
const flagProps = Object.fromEntries(PLAN_FLAGS.map((f) => [f, Type.Boolean()])) as Record<PlanFlag, TBoolean>
const optionalFlagProps = Object.fromEntries(PLAN_FLAGS.map((f) => [f, Type.Optional(Type.Boolean())])) as Record<
  PlanFlag,
  TOptional<TBoolean>
>

const limits = {
  id: Type.Integer(),
  name: Type.String(),
  users: Type.Integer(),
  connections: Type.Integer(),
  queues: Type.Integer(),
  value: Type.Number(),
}

/** What the sign-up screen may see about a public plan. */
export const PublicPlan = Type.Object({ ...limits, ...flagProps })

/** A plan as the admin screens see it: flags plus every toggleable module key. */
export const PlanView = Type.Object({
  ...limits,
  isPublic: Type.Boolean(),
  ...flagProps,
  modules: Type.Record(Type.String(), Type.Boolean(), {
    description: 'every toggleable module key (and the seven flags) → enabled',
  }),
})
export type PlanView = Static<typeof PlanView>

const count = (description: string) => Type.Integer({ minimum: 0, maximum: 1_000_000, description })
const fields = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  users: count('max users; 0 = unlimited'),
  connections: count('max connections; 0 = unlimited'),
  queues: count('max queues; 0 = unlimited'),
  value: Type.Number({ minimum: 0, maximum: 9_999_999_999 }),
  isPublic: Type.Boolean({ description: 'listed on the sign-up screen' }),
}
const modules = Type.Record(Type.String({ maxLength: 64 }), Type.Boolean())

export const CreatePlanBody = Type.Object({
  name: fields.name,
  users: fields.users,
  connections: fields.connections,
  queues: fields.queues,
  value: fields.value,
  isPublic: Type.Optional(fields.isPublic),
  ...optionalFlagProps,
  modules: Type.Optional(modules),
})
export type CreatePlanBody = Static<typeof CreatePlanBody>

export const UpdatePlanBody = Type.Partial(CreatePlanBody)
export type UpdatePlanBody = Static<typeof UpdatePlanBody>

export const ModuleParams = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  key: Type.String({ minLength: 1, maxLength: 64 }),
})
export const ModuleToggleBody = Type.Object({ enabled: Type.Boolean() })
