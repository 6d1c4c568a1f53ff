import { Type, type Static } from '@sinclair/typebox'
import { ListQuery, ListResponse, errorResponses } from '@atende/sdk'
import {
  Announcement,
  BLOCKS_MAX,
  PRIORITY_DEFAULT,
  PRIORITY_MAX,
  PRIORITY_MIN,
  RichBlock,
  TEXT_MAX,
  TITLE_MAX,
} from './api.ts'

// The validator drops undeclared fields, so a body can never carry id or dates into a write.
const fields = {
  title: Type.String({ minLength: 1, maxLength: TITLE_MAX, description: `1 to ${TITLE_MAX} characters, trimmed` }),
  text: Type.String({ maxLength: TEXT_MAX, description: 'Plain text; required unless richContent has blocks' }),
  richContent: Type.Array(RichBlock, { maxItems: BLOCKS_MAX }),
  priority: Type.Integer({
    minimum: PRIORITY_MIN,
    maximum: PRIORITY_MAX,
    description: `1 high, 2 medium, 3 low (default ${PRIORITY_DEFAULT})`,
  }),
  status: Type.Boolean({ description: 'Active (default true); only active ones reach the companies' }),
}
export const CreateBody = Type.Object({
  title: fields.title,
  text: Type.Optional(fields.text),
  richContent: Type.Optional(fields.richContent),
  priority: Type.Optional(fields.priority),
  status: Type.Optional(fields.status),
})
export type CreateBody = Static<typeof CreateBody>
export const UpdateBody = Type.Partial(CreateBody)
export type UpdateBody = Static<typeof UpdateBody>

export const PageQuery = ListQuery

/** GET /announcements: `{ records, hasMore, count }`. */
export const RecordsPage = ListResponse('records', Announcement)

export const RichUpload = Type.Object({
  url: Type.String({ description: 'Signed media URL to put in an image block' }),
  blockId: Type.Union([Type.Null(), Type.String()]),
})

export const errors = errorResponses(400, 403, 404)
