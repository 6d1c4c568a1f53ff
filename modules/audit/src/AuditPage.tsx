import { useCallback, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isAbortError, useApi, useSession } from '@atende/client'
import { Button, Dialog, EmptyState, ErrorCard, Loading, Select, TextField } from '@atende/ui'
import type { AuditEntry } from '@atende/plugin-audit/api'
import { AuditTable } from './AuditTable.tsx'
import { actorOf, detailRows, entryHead, type Translate } from './format.ts'
import { useAuditLog, type AuditFilters } from './useAuditLog.ts'
import './index.css'

/** The local day `yyyy-mm-dd` as the instant it starts (or ends), for the API's from/to. */
const dayStart = (day: string) => (day ? new Date(`${day}T00:00:00`).toISOString() : undefined)
const dayEnd = (day: string) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : undefined)

/** GET once: the company's users and the kinds of record, for the filters; [] when a read fails. */
function useChoices() {
  const api = useApi()
  const [users, setUsers] = useState<Array<{ id: number; name: string }>>([])
  const [entities, setEntities] = useState<string[]>([])
  useEffect(() => {
    const ctrl = new AbortController()
    const quiet = (err: unknown) => {
      if (!isAbortError(err)) console.error('[audit] filter choices failed', err)
    }
    api
      .get<Array<{ id: number; name: string }>>('/users/list', { signal: ctrl.signal })
      .then((list) => setUsers(list.map((u) => ({ id: u.id, name: u.name }))))
      .catch(quiet)
    api
      .get<{ entities: string[] }>('/audit/entities', { signal: ctrl.signal })
      .then((a) => setEntities(a.entities))
      .catch(quiet)
    return () => ctrl.abort()
  }, [api])
  return { users, entities }
}

/**
 * /audit (admins; the super user sees every company): who changed which configuration or access,
 * when, and the fields before and after, newest first, filtered by user, kind of record and day.
 */
export default function AuditPage() {
  const { t, i18n } = useTranslation()
  const tr: Translate = (key, options) => t(key, options ?? {})
  const session = useSession()
  const isSuper = !!session.user?.super
  const { users, entities } = useChoices()
  const [userId, setUserId] = useState('')
  const [entity, setEntity] = useState('')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [company, setCompany] = useState('')
  const [open, setOpen] = useState<AuditEntry | null>(null)
  const filters = useMemo<AuditFilters>(
    () => ({
      userId: userId ? Number(userId) : undefined,
      entity: entity || undefined,
      from: dayStart(from),
      to: dayEnd(to),
      companyId: isSuper && /^\d+$/.test(company) ? Number(company) : undefined,
    }),
    [userId, entity, from, to, company, isSuper],
  )
  const log = useAuditLog(filters)
  const filtered = Object.values(filters).some((v) => v !== undefined)
  const onOpen = useCallback((e: AuditEntry) => setOpen(e), [])
  const entityLabel = (name: string) => t(`audit.entities.${name}`, { defaultValue: name })

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-semibold">{t('audit.title')}</h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">
          {isSuper ? t('audit.subtitleSuper') : t('audit.subtitle')}
        </p>
      </header>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="audit-filters">
        <Select
          label={t('audit.filters.user')}
          placeholder={t('audit.filters.anyUser')}
          value={userId}
          onChange={setUserId}
          options={users.map((u) => ({ value: u.id, label: u.name }))}
        />
        <Select
          label={t('audit.filters.entity')}
          placeholder={t('audit.filters.anyEntity')}
          value={entity}
          onChange={setEntity}
          options={entities.map((e) => ({ value: e, label: entityLabel(e) }))}
        />
        <TextField label={t('audit.filters.from')} type="date" value={from} onChange={setFrom} />
        <TextField label={t('audit.filters.to')} type="date" value={to} onChange={setTo} />
        {isSuper && (
          <TextField
            label={t('audit.filters.company')}
            inputMode="numeric"
            placeholder={t('audit.filters.anyCompany')}
            value={company}
            onChange={(v) => setCompany(v.replace(/\D/g, ''))}
          />
        )}
      </div>

      {log.status === 'error' ? (
        <ErrorCard
          title={log.errorCode === 'ERR_AUDIT_RANGE' ? t('errors.ERR_AUDIT_RANGE') : t('audit.loadError')}
          action={
            <Button variant="secondary" onClick={log.reload}>
              {t('audit.retry')}
            </Button>
          }
        />
      ) : log.status === 'loading' ? (
        <Loading label={t('audit.loading')} />
      ) : log.items.length === 0 ? (
        <EmptyState title={filtered ? t('audit.emptyFiltered') : t('audit.empty')} />
      ) : (
        <AuditTable list={log} showCompany={isSuper} onOpen={onOpen} />
      )}

      <Dialog open={open !== null} onClose={() => setOpen(null)} size="lg" title={open && entryHead(open, tr)}>
        {open && (
          <div className="flex flex-col gap-3" data-testid="audit-details">
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('audit.by', {
                user: actorOf(open, tr),
                when: new Date(open.createdAt).toLocaleString(i18n.language),
              })}
            </p>
            {Object.keys(open.changes).length === 0 ? (
              <p className="text-sm">{t('audit.noFields')}</p>
            ) : (
              <table className="w-full table-fixed text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 dark:border-slate-700">
                    <th className="w-1/4 py-1 pr-2">{t('audit.columns.field')}</th>
                    <th className="py-1 pr-2">{t('audit.columns.before')}</th>
                    <th className="py-1">{t('audit.columns.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {detailRows(open, tr, i18n.language).map((row) => (
                    <tr key={row.field} className="border-b border-slate-100 align-top dark:border-slate-800">
                      <td className="py-1 pr-2" title={row.field}>
                        {row.label}
                      </td>
                      <td className="break-words py-1 pr-2">{row.before}</td>
                      <td className="break-words py-1">{row.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </Dialog>
    </section>
  )
}
