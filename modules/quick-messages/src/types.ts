import type { QuickMessage, QuickMessageFrame } from '@atende/plugin-quick-messages/api'

/** A quick message as GET /api/quick-messages answers it, and its frames: the plugin's published contract. */
export type { QuickMessage, QuickMessageFrame }
