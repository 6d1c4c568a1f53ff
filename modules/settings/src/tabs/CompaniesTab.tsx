import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import {
  EmptyState,
  Loading,
  SearchField,
  cx,
  formatCnpj,
  displayPhone,
  toast,
  useErrorToast,
  useInfiniteScroll,
} from '@atende/ui'
import { Panel } from '../ui/Panel.tsx'
import { DeleteConfirm } from '../ui/FormActions.tsx'
import { PickTable, type PickColumn } from '../ui/PickTable.tsx'
import { DUE_TONE_CLASS, dueTone, formatDate } from '../lib/dates.ts'
import type { Company, CompanyPage, Plan } from '../lib/types.ts'
import { CompanyForm, EMPTY_COMPANY, companyBody, companyValues, type CompanyValues } from './CompanyForm.tsx'
import { CompanyUserDialog } from './CompanyUserDialog.tsx'
import { useRecordForm } from '../lib/useRecordForm.ts'

/** Companies (super user): form plus a searchable, infinitely scrolled table coloured by due date. */
export function CompaniesTab() {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast()
  const [plans, setPlans] = useState<Plan[]>([])
  const form = useRecordForm<Company, CompanyValues>(EMPTY_COMPANY, companyValues)
  const { editing, setEditing, clear } = form
  const [userOpen, setUserOpen] = useState(false)

  // The debounced search term (SearchField waits 500 ms after the last keystroke).
  const [term, setTerm] = useState('')
  const [page, setPage] = useState(1)
  const [rows, setRows] = useState<Company[] | null>(null)
  const [hasMore, setHasMore] = useState(false)
  const [loading, setLoading] = useState(false)
  const [reloadTick, setReloadTick] = useState(0)
  const loadingRef = useRef(false)

  useEffect(() => {
    const ctrl = new AbortController()
    api
      .get<Plan[]>('/plans/all', { signal: ctrl.signal })
      .then(setPlans)
      .catch((err) => {
        if (!ctrl.signal.aborted) showError(err, 'settings.toasts.errorList')
      })
    return () => ctrl.abort()
  }, [api, showError])

  // A new search term starts again at page 1.
  useEffect(() => {
    setPage(1)
  }, [term, reloadTick])

  useEffect(() => {
    const ctrl = new AbortController()
    setLoading(true)
    loadingRef.current = true
    api
      .get<CompanyPage>('/companies', {
        params: { searchParam: term || undefined, pageNumber: page },
        signal: ctrl.signal,
      })
      .then((res) => {
        setRows((prev) =>
          page === 1
            ? res.companies
            : [...(prev ?? []), ...res.companies.filter((c) => !prev?.some((p) => p.id === c.id))],
        )
        setHasMore(res.hasMore)
      })
      // A failed page stops the infinite scroll (no retry loop); a new search or save starts over.
      .catch((err) => {
        if (!ctrl.signal.aborted) {
          showError(err, 'settings.toasts.errorList')
          setRows((r) => r ?? [])
          setHasMore(false)
        }
      })
      .finally(() => {
        if (!ctrl.signal.aborted) {
          setLoading(false)
          loadingRef.current = false
        }
      })
    return () => ctrl.abort()
  }, [api, showError, term, page, reloadTick])

  const more = useCallback(() => {
    if (hasMore && !loadingRef.current) {
      loadingRef.current = true
      setPage((p) => p + 1)
    }
  }, [hasMore])
  const scroll = useInfiniteScroll({ hasMore, busy: loading, loadMore: more, count: rows?.length ?? 0 })

  const edit = (c: Company) => {
    form.edit(c)
    window.scrollTo?.({ top: 0, behavior: 'smooth' })
  }
  const replaceRow = (c: Company) => setRows((list) => list?.map((r) => (r.id === c.id ? c : r)) ?? list)

  const save = () =>
    form.save(
      async () => {
        const body = companyBody(form.values)
        if (editing) {
          const saved = await api.put<Company>(`/companies/${editing.id}`, { body })
          replaceRow(saved)
          form.edit(saved)
        } else {
          await api.post<Company>('/companies', { body })
          clear()
          setReloadTick((n) => n + 1)
        }
        toast.success(t('settings.toasts.success'))
      },
      'settings.toasts.error',
      { code: 'ERR_COMPANY_CNPJ_EXISTS', word: 'cnpjTaken' },
    )

  const remove = () =>
    form.remove(async (c) => {
      await api.delete(`/companies/${c.id}`)
      setRows((list) => list?.filter((r) => r.id !== c.id) ?? list)
    }, 'settings.toasts.errorOperation')

  /** Moves the due date forward by the recurrence (1, 2, 3, 6 or 12 months). */
  async function expire() {
    if (!editing) return
    try {
      const saved = await api.put<Company>(`/companies/${editing.id}/expire`)
      replaceRow(saved)
      setEditing(saved)
      form.setValues((v) => ({ ...v, dueDate: formatDate(saved.dueDate) }))
      toast.success(t('settings.companies.expired', { date: formatDate(saved.dueDate) }))
    } catch (err) {
      showError(err, 'settings.toasts.errorOperation')
    }
  }

  const campaigns = (c: Company) => c.settings.find((s) => s.key === 'campaignsEnabled')?.value === 'true'
  const columns: PickColumn<Company>[] = (
    [
      { key: 'name', cell: (c) => c.name },
      { key: 'email', cell: (c) => c.email },
      { key: 'phone', cell: (c) => (c.phone ? displayPhone(c.phone) : '') },
      { key: 'plan', cell: (c) => c.plan?.name },
      { key: 'cnpj', cell: (c) => formatCnpj(c.cnpj) },
      { key: 'campaigns', cell: (c) => t(campaigns(c) ? 'settings.common.enabled' : 'settings.common.disabled') },
      { key: 'status', cell: (c) => t(c.status ? 'settings.common.yes' : 'settings.common.no') },
      { key: 'createdAt', cell: (c) => formatDate(c.createdAt) },
      { key: 'dueDate', cell: (c) => formatDate(c.dueDate) },
      { key: 'recurrence', cell: (c) => t(`settings.recurrence.${c.recurrence}`, { defaultValue: c.recurrence }) },
    ] as Omit<PickColumn<Company>, 'header'>[]
  ).map((c) => ({ ...c, header: t(`settings.companies.${c.key}`) }))

  return (
    <div className="flex flex-col gap-4">
      <Panel
        title={editing ? t('settings.companies.editTitle', { name: editing.name }) : t('settings.companies.newTitle')}
      >
        <CompanyForm
          key={form.formKey}
          {...form.formProps}
          plans={plans}
          hasDueDate={!!editing?.dueDate}
          onSubmit={() => void save()}
          onExpire={() => void expire()}
          onUser={() => setUserOpen(true)}
        />
      </Panel>
      <Panel
        title={t('settings.companies.listTitle')}
        actions={
          <SearchField
            label={t('settings.common.search')}
            placeholder={t('settings.common.search')}
            onSearch={setTerm}
            className="w-full sm:w-72"
          />
        }
      >
        <p className="mb-2 flex flex-wrap gap-3 text-xs text-slate-500 dark:text-slate-400">
          {(['warning', 'alert', 'overdue'] as const).map((tone) => (
            <span key={tone}>
              <span
                aria-hidden
                className={cx('mr-1 inline-block h-3 w-3 rounded-sm align-middle', DUE_TONE_CLASS[tone])}
              />
              {t(`settings.companies.legend.${tone}`)}
            </span>
          ))}
        </p>
        {rows === null ? (
          <Loading />
        ) : rows.length === 0 ? (
          <EmptyState title={t('settings.companies.empty')} />
        ) : (
          <div
            ref={scroll.ref}
            className="max-h-[28rem] overflow-auto"
            onScroll={scroll.onScroll}
            data-testid="companies-table"
          >
            <PickTable
              stickyHead
              columns={columns}
              rows={rows}
              picked={editing?.id ?? null}
              onPick={edit}
              rowProps={(c) => ({ 'data-tone': dueTone(c.dueDate) ?? 'none' })}
              rowClass={(c, picked) => {
                const tone = dueTone(c.dueDate)
                return cx('hover:brightness-95', tone && DUE_TONE_CLASS[tone], picked && 'font-semibold')
              }}
            />
            {loading && page > 1 && <Loading />}
          </div>
        )}
      </Panel>
      <DeleteConfirm
        open={form.confirmDelete}
        onConfirm={() => void remove()}
        onClose={() => form.setConfirmDelete(false)}
      />
      <CompanyUserDialog companyId={editing?.id ?? null} open={userOpen} onClose={() => setUserOpen(false)} />
    </div>
  )
}
