import type { Problem } from '@atende/ui'
import { DAILY_LIMIT_MAX, MESSAGE_KEYS, fromLocalInput, nameError, type MessageKey } from './types.ts'

/** The campaign dialog's values. */
export interface CampaignForm {
  name: string
  messages: Record<MessageKey, string>
  contactListId: string
  tagListId: string
  /** Absent in older drafts: none. */
  fileListId?: string
  whatsappId: string
  scheduledAt: string
}
export type CampaignFormErrors = Partial<
  Record<'name' | 'contactListId' | 'whatsappId' | 'scheduledAt' | 'tagListId' | 'fileListId' | MessageKey, Problem>
>

/** The fields the server checks when a start is set (plugins/campaigns service.ts `fields`). */
export function campaignErrors(f: CampaignForm): CampaignFormErrors {
  const errors: CampaignFormErrors = {}
  const name = nameError(f.name)
  if (name) errors.name = name
  if (f.scheduledAt) {
    if (!fromLocalInput(f.scheduledAt)) errors.scheduledAt = 'campaignDialog.validation.scheduledAt'
    if (!f.whatsappId) errors.whatsappId = 'campaignDialog.validation.whatsapp'
    if (!f.contactListId && !f.tagListId) errors.contactListId = 'campaignDialog.validation.contactList'
    if (!MESSAGE_KEYS.some((k) => f.messages[k].trim())) errors.message1 = 'campaignDialog.validation.message'
  }
  return errors
}

/** The config page's values. */
export interface ConfigForm {
  messageInterval: string
  longerIntervalAfter: string
  greaterInterval: string
  dailyLimit: string
  windowStart: string
  windowEnd: string
  variables: Array<{ key: string; value: string; uid: number }>
}
export type ConfigFormErrors = Partial<Record<'dailyLimit' | 'windowStart' | 'windowEnd', string>>

const START = /^([01]\d|2[0-3]):[0-5]\d$/
const END = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/
const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))

/** The config page's checks (the server's: schemas.ts SettingsBody). */
export function configErrors(f: ConfigForm): ConfigFormErrors {
  const errors: ConfigFormErrors = {}
  const limit = Number(f.dailyLimit)
  if (!/^\d+$/.test(f.dailyLimit) || limit < 1 || limit > DAILY_LIMIT_MAX) errors.dailyLimit = 'dailyLimitError'
  if (!START.test(f.windowStart)) errors.windowStart = 'windowFormat'
  if (!END.test(f.windowEnd)) errors.windowEnd = 'windowFormat'
  else if (!errors.windowStart && minutes(f.windowStart) >= minutes(f.windowEnd)) errors.windowEnd = 'windowError'
  return errors
}
