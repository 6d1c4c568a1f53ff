import type { AuditEntry } from '@atende/plugin-audit/api'

/** A value as one line of text: objects and lists as JSON, nothing as an em dash. */
export function showValue(v: unknown): string {
  if (v === undefined || v === null || v === '') return '—'
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/** The row's one-line summary: "name: Vendas → Vendas e pós-venda; color: #f00". */
export function changeSummary(e: AuditEntry, none: string): string {
  const parts = Object.entries(e.changes).map(([field, c]) => {
    if ('before' in c && 'after' in c) return `${field}: ${showValue(c.before)} → ${showValue(c.after)}`
    return `${field}: ${showValue('after' in c ? c.after : c.before)}`
  })
  return parts.length ? parts.join('; ') : none
}
