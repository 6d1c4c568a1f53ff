/** A tag as GET /api/tags answers it (plugins/tags/src/api.ts). */
export interface Tag {
  id: number
  companyId: number
  name: string
  color: string
  kanban: 0 | 1
  userId: number | null
  ticketsCount: number
  createdAt: string
  updatedAt: string
}

/** `company-{id}-tag` frames. */
export type TagFrame =
  | { action: 'create' | 'update'; tag: Tag }
  | { action: 'delete'; tagId: number }
