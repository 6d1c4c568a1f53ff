import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi } from '@atende/client'
import { Button, EmptyState, ErrorCard, Loading, SearchField, Switch, toast, usePagedList } from '@atende/ui'
import type { Grant, GrantList } from '@atende/plugin-parts/api'
import { useEffect } from 'react'

/** A company as GET /api/companies lists it (plugins/companies); only what the panel shows. */
interface CompanyRow {
  id: number
  name: string
}
const byName = (a: CompanyRow, b: CompanyRow) => a.name.localeCompare(b.name) || a.id - b.id
const matches = (c: CompanyRow, s: string) => !s.trim() || c.name.toLowerCase().includes(s.trim().toLowerCase())

/**
 * The super user's switches: which companies hold the parts grant (the spec's "special company").
 * Companies come from the companies plugin's own route, grants from GET /part-inventory/grants.
 */
export function GrantsPanel({ onChanged }: { onChanged: () => void }) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const [search, setSearch] = useState('')
  const companies = usePagedList<CompanyRow>({
    path: '/companies',
    key: 'companies',
    search,
    compare: byName,
    matches,
    name: 'parts-companies',
  })
  const [granted, setGranted] = useState<Set<number> | null>(null)
  const [grantsFailed, setGrantsFailed] = useState(false)
  const [saving, setSaving] = useState<number | null>(null)

  const loadGrants = () => {
    setGrantsFailed(false)
    api
      .get<GrantList>('/part-inventory/grants')
      .then((g) => setGranted(new Set(g.companyIds)))
      .catch((err) => {
        console.warn('[parts] grants failed', err)
        setGrantsFailed(true)
      })
  }
  useEffect(loadGrants, [api])

  const toggle = async (company: CompanyRow, on: boolean) => {
    setSaving(company.id)
    try {
      const path = `/part-inventory/grants/${company.id}`
      const answer = on ? await api.put<Grant>(path) : await api.delete<Grant>(path)
      setGranted((g) => {
        const next = new Set(g)
        if (answer.granted) next.add(company.id)
        else next.delete(company.id)
        return next
      })
      toast.success(t(on ? 'parts.grants.granted' : 'parts.grants.revoked', { name: company.name }))
      onChanged()
    } catch (err) {
      toast.error(errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }))
    } finally {
      setSaving(null)
    }
  }

  const failed = grantsFailed || companies.status === 'error'
  return (
    <div className="flex max-w-3xl flex-col gap-3 border-t border-slate-200 pt-4 dark:border-slate-700">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="mr-auto font-semibold">{t('parts.grants.title')}</h2>
        <SearchField
          label={t('parts.grants.search')}
          placeholder={t('parts.grants.search')}
          onSearch={setSearch}
          className="w-full sm:w-64"
        />
      </header>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('parts.grants.hint')}</p>
      {failed ? (
        <ErrorCard
          title={t('parts.grants.loadError')}
          action={
            <Button
              variant="secondary"
              onClick={() => {
                loadGrants()
                companies.reload()
              }}
            >
              {t('parts.retry')}
            </Button>
          }
        />
      ) : companies.status === 'loading' || !granted ? (
        <Loading label={t('parts.loading')} />
      ) : companies.items.length === 0 ? (
        <EmptyState title={t('parts.grants.empty')} />
      ) : (
        <ul className="flex flex-col gap-2" data-testid="parts-grants">
          {companies.items.map((c) => (
            <li key={c.id}>
              <Switch
                boxed
                label={c.name}
                hint={`#${c.id}`}
                checked={granted.has(c.id)}
                disabled={saving === c.id}
                onChange={(on) => void toggle(c, on)}
              />
            </li>
          ))}
          {companies.hasMore && (
            <li>
              <Button variant="secondary" onClick={companies.loadMore} loading={companies.loadingMore}>
                {t('parts.grants.more')}
              </Button>
            </li>
          )}
        </ul>
      )}
    </div>
  )
}
