import { Type, type Static } from '@sinclair/typebox'
import { ListResponse, errorResponses } from '@atende/sdk'
import { Tag, TicketTag } from './api.ts'

export const NAME_MIN = 3
export const NAME_MAX = 50
/** #rgb, #rrggbb or #rrggbbaa; stored lower-case. */
export const COLOR_PATTERN = '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$'
const COLOR_RE = new RegExp(COLOR_PATTERN)
export const isColor = (s: string) => COLOR_RE.test(s)
export const LOOKUP_MAX = 500

/** A tag and what a ticket shows of it: the contract's schemas. */
export { Tag, TicketTag }

const fields = {
  name: Type.String({
    minLength: NAME_MIN,
    maxLength: NAME_MAX,
    description: `${NAME_MIN} to ${NAME_MAX} characters, unique in the company (any case)`,
  }),
  // The hex format is checked by the service: a body refused by its schema would keep the tenancy
  // walk from reaching the lookup behind PUT.
  color: Type.String({
    maxLength: 9,
    description: `hex colour (${COLOR_PATTERN}); a colour picked from the name when left out`,
  }),
  // Booleans are coerced (true → 1), so both the spec's 0/1 and a switch's true/false are accepted.
  kanban: Type.Integer({ minimum: 0, maximum: 1, description: '0 or 1; only admins may set it' }),
}
export const CreateBody = Type.Object({
  name: fields.name,
  color: Type.Optional(fields.color),
  kanban: Type.Optional(fields.kanban),
})
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

export const PageQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  pageNumber: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  companyId: Type.Optional(
    Type.Integer({ minimum: 1, description: "ignored: always the caller's company (campaigns send it)" }),
  ),
})
export type PageQuery = Static<typeof PageQuery>
export const TagsPage = ListResponse('tags', Tag)

export const LookupQuery = Type.Object({
  searchParam: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: LOOKUP_MAX, default: LOOKUP_MAX })),
  companyId: Type.Optional(Type.Integer({ minimum: 1, description: "ignored: always the caller's company" })),
})
export type LookupQuery = Static<typeof LookupQuery>

const TagRef = Type.Union(
  [Type.Integer({ minimum: 1 }), Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: true })],
  { description: 'a tag id, or a tag object (its id is used)' },
)
export const SyncBody = Type.Object({
  ticketId: Type.Integer({ minimum: 1 }),
  tags: Type.Array(TagRef, { maxItems: 100, description: "the ticket's whole tag set; [] removes them all" }),
})
export type SyncBody = Static<typeof SyncBody>
export const SyncResult = Type.Object({ ticketId: Type.Integer(), tags: Type.Array(TicketTag) })

export const errors = errorResponses()
