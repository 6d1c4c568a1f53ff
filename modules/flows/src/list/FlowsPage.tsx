import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { errorMessage, useApi } from '@atende/client'
import {
  Badge,
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorCard,
  Loading,
  SearchField,
  VirtualTable,
  type Column,
} from '@atende/ui'
import { CampaignsGate, fail, ok } from '../access.tsx'
import { RowMenu } from '../RowMenu.tsx'
import type { FlowWire } from '../types.ts'
import { FlowNameDialog } from './FlowNameDialog.tsx'
import { useFlowList } from './useFlowList.ts'
import '../index.css'

const ROW_HEIGHT = 52
const rowKey = (f: FlowWire) => f.id

/**
 * /flowbuilders, 'Fluxos de conversa' (administration.md §2 "Flow list"): the company's flows,
 * searchable, a page at a time; add; a row opens its editor; its menu renames, opens, duplicates
 * and deletes (with confirmation).
 */
function FlowsList() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const list = useFlowList(search)
  const { upsert, remove } = list
  const [editing, setEditing] = useState<{ flow: FlowWire | null } | null>(null)
  const [deleting, setDeleting] = useState<FlowWire | null>(null)
  const [busy, setBusy] = useState(false)
  const message = useCallback((err: unknown) => errorMessage(err, t, { exists: (k) => i18n.exists(k) }), [t, i18n])

  const open = useCallback((f: FlowWire) => navigate(`/flowbuilder/${f.id}`), [navigate])
  const duplicate = useCallback(
    async (f: FlowWire) => {
      try {
        upsert(await api.post<FlowWire>('/flowbuilder/duplicate', { body: { flowId: f.id } }))
        ok(t('flows.duplicated'))
      } catch (err) {
        fail(`${t('flows.duplicateError')} ${message(err)}`)
      }
    },
    [api, upsert, t, message],
  )

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/flowbuilder/${deleting.id}`)
      remove(deleting.id)
      ok(t('flows.deleted'))
    } catch (err) {
      fail(`${t('flows.deleteError')} ${message(err)}`)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  const rowProps = useCallback(
    (f: FlowWire) => ({
      'data-testid': `flow-row-${f.id}`,
      className: 'cursor-pointer',
      onClick: () => open(f),
    }),
    [open],
  )
  const columns = useMemo<Column<FlowWire>[]>(
    () => [
      {
        key: 'name',
        header: t('flows.columns.name'),
        headerClassName: 'px-3',
        className: 'max-w-0 truncate px-3 font-medium',
        cell: (f) => f.name,
      },
      {
        key: 'status',
        header: t('flows.columns.status'),
        headerClassName: 'w-32 px-3',
        className: 'px-3',
        cell: (f) => (
          <Badge tone={f.active ? 'success' : 'neutral'}>{t(f.active ? 'flows.active' : 'flows.disabled')}</Badge>
        ),
      },
      {
        key: 'actions',
        header: t('flows.columns.actions'),
        headerClassName: 'w-20 px-3 text-right',
        className: 'px-2 text-right',
        cell: (f) => (
          <RowMenu
            label={t('flows.actions', { name: f.name })}
            items={[
              { label: t('flows.rename'), onSelect: () => setEditing({ flow: f }) },
              { label: t('flows.editFlow'), onSelect: () => open(f) },
              { label: t('flows.duplicate'), onSelect: () => void duplicate(f) },
              { label: t('flows.delete'), onSelect: () => setDeleting(f), danger: true },
            ]}
          />
        ),
      },
    ],
    [t, open, duplicate],
  )

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('flows.title')}</h1>
        <SearchField
          label={t('flows.search')}
          placeholder={t('flows.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-72"
        />
        <Button onClick={() => setEditing({ flow: null })} className="w-full sm:w-auto">
          {t('flows.add')}
        </Button>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('flows.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('flowsCommon.retry')}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('flowsCommon.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('flows.emptySearch', { search }) : t('flows.empty')} />
      ) : (
        <VirtualTable
          data-testid="flows-table"
          label={t('flows.title')}
          columns={columns}
          rows={list.items}
          rowKey={rowKey}
          rowProps={rowProps}
          rowHeight={ROW_HEIGHT}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          failed={list.moreFailed}
          loadMore={list.loadMore}
          loadingLabel={t('flowsCommon.loadingMore')}
          failedText={t('flows.loadMoreError')}
          retryLabel={t('flowsCommon.retry')}
        />
      )}

      <FlowNameDialog editing={editing} onClose={() => setEditing(null)} onSaved={upsert} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('flows.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('flows.confirm.yes')}
        cancelLabel={t('flowsCommon.cancel')}
      >
        {t('flows.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}

export default function FlowsPage() {
  return (
    <CampaignsGate>
      <FlowsList />
    </CampaignsGate>
  )
}
