import type { QuickMessage } from '@atende/plugin-quick-messages/api'

/** A quick message as GET /api/quick-messages answers it: the plugin's published contract. */
export type { QuickMessage }

/** `company-{id}-quickemessage` frames (the spec's spelling). */
export type QuickMessageFrame = { action: 'create' | 'update'; record: QuickMessage } | { action: 'delete'; id: number }
