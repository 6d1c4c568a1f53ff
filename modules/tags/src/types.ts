import type { Tag } from '@atende/plugin-tags/api'

/** A tag as GET /api/tags answers it: the tags plugin's published contract. */
export type { Tag }

/** `company-{id}-tag` frames. */
export type TagFrame = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number }
