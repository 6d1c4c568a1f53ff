/** The quick-messages plugin's published contract: a quick message as the API answers it (its route schema). Types only. */
// The events this plugin emits travel with its contract: whoever imports it sees their names and payloads.
import type {} from './events.ts'
export type { QuickMessageView as QuickMessage } from './schemas.ts'

/** `company-{id}-quickemessage` frames (the spec's spelling; events.ts). */
export type QuickMessageFrame =
  { action: 'create' | 'update'; record: import('./schemas.ts').QuickMessageView } | { action: 'delete'; id: number }
