/** A quick message as GET /api/quick-messages answers it (plugins/quick-messages/src/schemas.ts). */
export interface QuickMessage {
  id: number
  companyId: number
  /** The author; null once that user was deleted (a company-wide message stays). */
  userId: number | null
  shortcode: string
  message: string
  /** Company-wide: every user of the company sees it. */
  geral: boolean
  /** Active: offered in the composer. */
  status: boolean
  isMedia: boolean
  /** A signed URL of the attached file. */
  mediaPath: string | null
  mediaName: string | null
  mediaType: 'image' | 'audio' | 'video' | 'document' | null
  createdAt: string
  updatedAt: string
}

/** `company-{id}-quickemessage` frames (the spec's spelling). */
export type QuickMessageFrame =
  | { action: 'create' | 'update'; record: QuickMessage }
  | { action: 'delete'; id: number }
