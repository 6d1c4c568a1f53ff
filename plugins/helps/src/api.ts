/** The helps plugin's published contract, types only: a help video as the API answers it (its route schema). */
import type { Static } from '@sinclair/typebox'
import type { Wire } from '@atende/sdk'
import type { Help as HelpSchema } from './routes.ts'

export type Help = Wire<Static<typeof HelpSchema>>
