import { rules, type Problem } from '@atende/ui'
import type {
  Campaign as CampaignWire,
  CampaignCounts,
  CampaignFrame,
  CampaignStatus,
} from '@atende/plugin-campaigns/api'

/** A campaign as the API answers it, and its `company-{id}-campaign` frames: the campaigns plugin's contract. */
export type Campaign = CampaignWire
export type { CampaignCounts, CampaignFrame, CampaignStatus }

export interface Choice {
  id: number
  name: string
}
export interface CampaignSettingRow {
  key: string
  value: unknown
}
export interface Variable {
  key: string
  value: string
}
/** The settings the config page edits (GET /campaign-settings, defaults included). */
export interface CampaignSettings {
  messageInterval: number
  longerIntervalAfter: number
  greaterInterval: number
  variables: Variable[]
  dailyLimit: number
  windowStart: string
  windowEnd: string
}

/** The option lists and their defaults; the daily limit and window are the server's. */
export const MESSAGE_INTERVALS = [0, 5, 10, 15, 20]
export const LONGER_INTERVALS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120]
export const DEFAULT_SETTINGS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  dailyLimit: 250,
  windowStart: '08:00',
  windowEnd: '20:00',
}
export const DAILY_LIMIT_MAX = 10_000
/** The report reloads 5 s after a live update shows FINALIZADA. */
export const REPORT_RELOAD_MS = 5000
/** A scheduled campaign can be changed until an hour before it starts. */
export const EDIT_LOCK_MS = 60 * 60 * 1000
/**
 * The server's `editable`, and false as soon as a scheduled campaign comes within the hour (no frame
 * marks that moment: the server would refuse the save with ERR_CAMPAIGN_NOT_EDITABLE).
 */
export function isEditable(c: Pick<CampaignWire, 'editable' | 'status' | 'scheduledAt'>, now = Date.now()) {
  if (!c.editable) return false
  if (c.status !== 'PROGRAMADA' || !c.scheduledAt) return true
  return new Date(c.scheduledAt).getTime() - now > EDIT_LOCK_MS
}
/** Name 2 to 50. */
export const NAME_MIN = 2
export const NAME_MAX = 50
export const MESSAGE_MAX = 4096
export const MESSAGE_KEYS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const
export type MessageKey = (typeof MESSAGE_KEYS)[number]
/** The variables every message may use (the campaign renderer fills them). */
export const BUILTIN_VARIABLES = ['{{name}}', '{{firstName}}', '{{greeting}}', '{nome}', '{numero}', '{email}']

export function settingsFrom(rows: CampaignSettingRow[]): CampaignSettings {
  const out: CampaignSettings = { ...DEFAULT_SETTINGS, variables: [] }
  const num = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d)
  const hhmm = (v: unknown, d: string) => (typeof v === 'string' && /^\d\d:\d\d$/.test(v) ? v : d)
  for (const r of rows) {
    switch (r.key) {
      case 'messageInterval':
      case 'longerIntervalAfter':
      case 'greaterInterval':
      case 'dailyLimit':
        out[r.key] = num(r.value, DEFAULT_SETTINGS[r.key])
        break
      case 'windowStart':
      case 'windowEnd':
        out[r.key] = hhmm(r.value, DEFAULT_SETTINGS[r.key])
        break
      case 'variables':
        if (Array.isArray(r.value))
          out.variables = r.value
            .filter((v): v is Variable => !!v && typeof v === 'object' && typeof (v as Variable).key === 'string')
            .map((v) => ({ key: v.key, value: String(v.value ?? '') }))
        break
    }
  }
  return out
}

export const STATUS_TONE: Record<CampaignStatus, 'neutral' | 'primary' | 'success' | 'warning' | 'danger'> = {
  INATIVA: 'neutral',
  PROGRAMADA: 'primary',
  EM_ANDAMENTO: 'warning',
  CANCELADA: 'danger',
  FINALIZADA: 'success',
}

/** Recipients dealt with (sent, delivered, read or failed) out of the frozen audience. */
export function progress(c: CampaignCounts) {
  const done = c.total - c.pending
  return { done, total: c.total, percent: c.total ? Math.round((done / c.total) * 100) : 0 }
}
/** Delivered: a message that reached the phone (the server's `delivered` counts the read ones too). */
export const deliveredOf = (c: CampaignCounts) => c.delivered
/** Valid contacts: the audience frozen at start (one row per WhatsApp number). */
export const validOf = (c: CampaignCounts) => c.total

/** Why the engine holds a campaign (its `pause` code) as a translation key with its values. */
export function pauseReasonOf(pause: Campaign['pause']): { key: string; values: Record<string, string> } | null {
  if (!pause) return null
  const values = Object.fromEntries(Object.entries(pause.values).map(([k, v]) => [k, String(v)]))
  return { key: `campaignReport.pause.${pause.code}`, values }
}

export const byName = (a: { name: string; id: number }, b: { name: string; id: number }) =>
  a.name.localeCompare(b.name) || a.id - b.id
export const campaignMatches = (r: Campaign, search: string) =>
  !search || r.name.toLowerCase().includes(search.toLowerCase())

/** Required, then 2 to 50 characters naming the limit (a Problem: `say(t, problem)`). */
export function nameError(raw: string): Problem | null {
  return raw.trim() ? rules.length(NAME_MIN, NAME_MAX)(raw) : 'campaignDialog.validation.required'
}

/** An ISO instant as the value of a datetime-local input (local time), and back. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`
}
export function fromLocalInput(value: string): string | null {
  if (!value) return null
  const d = new Date(value)
  return Number.isNaN(d.getTime()) ? null : d.toISOString()
}
export function formatDate(iso: string | null | undefined, locale: string): string {
  if (!iso) return ''
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  return d.toLocaleString(locale === 'pt' ? 'pt-BR' : locale, { dateStyle: 'short', timeStyle: 'short' })
}
