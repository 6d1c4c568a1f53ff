/** The settings plugin's published contract, types only: a company setting as the API answers it (its route schema). */
import type { Static } from '@sinclair/typebox'
import type { Setting as SettingSchema } from './routes.ts'

export type Setting = Static<typeof SettingSchema>
