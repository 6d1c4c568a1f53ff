import type { AuditEntry } from '@atende/plugin-audit/api'

/** The module's translate function as these helpers need it (react-i18next's `t`, or a test's). */
export type Translate = (key: string, options?: Record<string, unknown>) => string

/** What the log shows for a secret (plugins/audit masks them before they are stored). */
const MASK = '••••••'
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/
const WORD = /^[A-Za-z_]+$/

type Obj = Record<string, unknown>
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A value in words: nothing as an em dash, yes/no, instants in the reader's locale, a record by its
 * name, a weekly hour as "Segunda 08:00–18:00", other objects as "key: value" (never raw JSON
 * unless nothing else fits), a secret as its mask.
 */
export function formatValue(v: unknown, t: Translate, locale = 'pt'): string {
  if (v === undefined || v === null || v === '') return '—'
  if (typeof v === 'boolean') return t(v ? 'audit.values.yes' : 'audit.values.no')
  if (typeof v === 'number') return String(v)
  if (typeof v === 'string') {
    if (v.startsWith(MASK)) return MASK
    if (ISO_INSTANT.test(v)) {
      const d = new Date(v)
      if (!Number.isNaN(d.getTime()))
        return new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(d)
    }
    return v
  }
  if (Array.isArray(v)) {
    if (!v.length) return '—'
    return v.map((x) => formatValue(x, t, locale)).join(', ')
  }
  if (isObject(v)) {
    if (typeof v.name === 'string') return v.name
    if (typeof v.title === 'string') return v.title
    if (typeof v.weekday === 'string' && 'startTime' in v && 'endTime' in v)
      return `${v.weekday} ${formatValue(v.startTime, t, locale)}–${formatValue(v.endTime, t, locale)}`
    if (typeof v.key === 'string' && 'value' in v && Object.keys(v).length === 2)
      return `${v.key}: ${formatValue(v.value, t, locale)}`
    const parts = Object.entries(v).map(([k, x]) => `${k}: ${formatValue(x, t, locale)}`)
    return parts.length ? parts.join(', ') : '—'
  }
  return JSON.stringify(v)
}

/** A field's name in the reader's language ("idioma" for language); unknown fields as they are. */
export const fieldLabel = (field: string, t: Translate) => t(`audit.fields.${field}`, { defaultValue: field })

/** A setting's value in words ("habilitado"); values the screen does not know, as they are. */
const settingValue = (v: unknown, t: Translate, locale: string) =>
  typeof v === 'string' && WORD.test(v) ? t(`audit.settingValues.${v}`, { defaultValue: v }) : formatValue(v, t, locale)

/** One field's value of an entry in words (a setting's value as "habilitado", a language by its name). */
export const valueOf = (e: AuditEntry, field: string, v: unknown, t: Translate, locale = 'pt') =>
  e.entity === 'setting' && field === 'value'
    ? settingValue(v, t, locale)
    : field === 'language' && typeof v === 'string' && WORD.test(v)
      ? t(`audit.languages.${v}`, { defaultValue: v })
      : formatValue(v, t, locale)

/** The details dialog's rows: the field in words, its value before and after ('—' when none). */
export function detailRows(e: AuditEntry, t: Translate, locale = 'pt') {
  return Object.entries(e.changes).map(([field, c]) => ({
    field,
    label: fieldLabel(field, t),
    before: 'before' in c ? valueOf(e, field, c.before, t, locale) : '—',
    after: 'after' in c ? valueOf(e, field, c.after, t, locale) : '—',
  }))
}

/** Who did it: the user's name, marked when the super user did it; a removed user is named so. */
export function actorOf(e: AuditEntry, t: Translate) {
  const name = e.userName?.trim() || t('audit.unknownUser')
  return e.bySuper ? t('audit.superActor', { name }) : name
}

/** What was changed: "a campanha Black Friday", "a configuração Avaliações", "o usuário #7". */
export function subjectOf(e: AuditEntry, t: Translate) {
  const kind = t(`audit.subjects.${e.entity}`, {
    defaultValue: t(`audit.entities.${e.entity}`, { defaultValue: e.entity }),
  })
  const name =
    e.entity === 'setting' && e.entityId
      ? t(`audit.settings.${e.entityId}`, { defaultValue: e.entityId })
      : (e.entityName ?? (e.entityId !== null ? `#${e.entityId}` : ''))
  return name ? `${kind} ${name}` : kind
}

/**
 * Each changed field as "status EM_ANDAMENTO → CANCELADA"; a setting's one field (its value) as
 * "desabilitado → habilitado". A field whose earlier value the log never saw shows its new value.
 */
export function changeLines(e: AuditEntry, t: Translate, locale = 'pt'): string[] {
  const setting = e.entity === 'setting'
  return Object.entries(e.changes).map(([field, c]) => {
    const show = (v: unknown) => valueOf(e, field, v, t, locale)
    const values =
      'before' in c && 'after' in c
        ? `${show(c.before)} → ${show(c.after)}`
        : 'after' in c
          ? show(c.after)
          : show(c.before)
    if (setting && field === 'value') return values
    return 'before' in c && 'after' in c ? `${fieldLabel(field, t)} ${values}` : `${fieldLabel(field, t)}: ${values}`
  })
}

/** The sentence without the fields: "Ana Souza alterou a campanha Black Friday". */
export const entryHead = (e: AuditEntry, t: Translate) =>
  t('audit.sentence', {
    user: actorOf(e, t),
    verb: t(`audit.verbs.${e.action}`, { defaultValue: e.action }),
    subject: subjectOf(e, t),
  })

/**
 * The entry as one sentence: "Ana Souza alterou a campanha Black Friday: status EM_ANDAMENTO →
 * CANCELADA". An edit lists the fields it changed; a creation or a deletion names the record (its
 * fields are in the details).
 */
export function entrySentence(e: AuditEntry, t: Translate, locale = 'pt'): string {
  const head = entryHead(e, t)
  const lines = e.action === 'update' ? changeLines(e, t, locale) : []
  return lines.length ? `${head}: ${lines.join('; ')}` : head
}
