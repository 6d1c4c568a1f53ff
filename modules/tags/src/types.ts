import type { Tag, TagFrame } from '@atende/plugin-tags/api'

/** A tag as GET /api/tags answers it, and its frames: the tags plugin's published contract. */
export type { Tag, TagFrame }
