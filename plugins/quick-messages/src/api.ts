/** The quick-messages plugin's published contract: a quick message as the API answers it (its route schema). Types only. */
export type { QuickMessageView as QuickMessage } from './schemas.ts'
