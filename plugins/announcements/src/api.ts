/**
 * The announcements plugin's published contract, version 1: what the announcements module may use
 * (`import type { Announcement } from '@atende/plugin-announcements/api'`). TypeBox only (no SDK).
 */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
import { Type, type Static } from '@sinclair/typebox'

/** Priority 1–3 (1 high/red, 2 medium/orange, 3 low/grey), default 3. */
export const PRIORITY_MIN = 1
export const PRIORITY_MAX = 3
export const PRIORITY_DEFAULT = 3
/** The preset image widths in px; `full` is the content width. */
export const IMAGE_SIZES = { small: 150, medium: 300, large: 500 } as const
export const CUSTOM_WIDTH = { min: 50, max: 1000 } as const
export const CUSTOM_HEIGHT = { min: 50, max: 800 } as const
export const TITLE_MAX = 200
export const TEXT_MAX = 20_000
export const BLOCK_CONTENT_MAX = 10_000
export const CAPTION_MAX = 500
export const BLOCKS_MAX = 100
/** What the server fills `text` with when only image blocks carry the content. */
export const DEFAULT_TEXT = 'Informativo com conteúdo rico'
/** The error on a submit with neither text nor rich content. */
export const CONTENT_REQUIRED = 'É necessário adicionar conteúdo ao informativo'

/**
 * A rich content block: structured data, never HTML. `text` blocks carry
 * plain text in `content` with a `style`; `image` blocks carry in `content` a signed media URL
 * that the rich-content upload returned (nothing else is accepted), with size, position, text
 * wrap, custom width/height and caption. Fields of the other kind are dropped on save.
 */
export const RichBlock = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  type: Type.Union([Type.Literal('text'), Type.Literal('image')]),
  content: Type.String({ maxLength: BLOCK_CONTENT_MAX }),
  style: Type.Optional(Type.Union([Type.Literal('paragraph'), Type.Literal('title'), Type.Literal('subtitle')])),
  size: Type.Optional(
    Type.Union([
      Type.Literal('small'),
      Type.Literal('medium'),
      Type.Literal('large'),
      Type.Literal('full'),
      Type.Literal('custom'),
    ]),
  ),
  position: Type.Optional(Type.Union([Type.Literal('left'), Type.Literal('center'), Type.Literal('right')])),
  textWrap: Type.Optional(Type.Boolean()),
  customWidth: Type.Optional(Type.Integer({ minimum: CUSTOM_WIDTH.min, maximum: CUSTOM_WIDTH.max })),
  customHeight: Type.Optional(Type.Integer({ minimum: CUSTOM_HEIGHT.min, maximum: CUSTOM_HEIGHT.max })),
  caption: Type.Optional(Type.String({ maxLength: CAPTION_MAX })),
})
export type RichBlock = Static<typeof RichBlock>
export type TextStyle = NonNullable<RichBlock['style']>
export type ImageSize = NonNullable<RichBlock['size']>
export type ImagePosition = NonNullable<RichBlock['position']>

/** An announcement as every answer carries it; `mediaPath` is a signed URL of the attachment. */
export const Announcement = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  text: Type.String(),
  richContent: Type.Array(RichBlock),
  priority: Type.Integer({ minimum: PRIORITY_MIN, maximum: PRIORITY_MAX }),
  status: Type.Boolean(),
  mediaPath: Type.Union([Type.Null(), Type.String()]),
  mediaName: Type.Union([Type.Null(), Type.String()]),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
})
export type Announcement = Static<typeof Announcement>

/**
 * `company-{id}-announcement` frames, to every company's `company-{id}` room: an active
 * announcement created or changed comes whole; a deleted or deactivated one comes as a delete
 * (for readers it is gone). The super user's screen reloads its page on any frame.
 */
export type AnnouncementFrame = { action: 'create' | 'update'; record: Announcement } | { action: 'delete'; id: number }
