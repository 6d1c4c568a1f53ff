import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { errorMessage, useApi } from '@atende/client'
import {
  Badge,
  Button,
  ConfirmDialog,
  EditIcon,
  EmptyState,
  ErrorCard,
  Loading,
  SearchField,
  TrashIcon,
  VirtualTable,
  SM_UP,
  toast,
  useMediaQuery,
  type Column,
} from '@atende/ui'
import { CampaignsGate, NoAccess, isPlanDenied } from '../access.tsx'
import { CampaignDialog } from './CampaignDialog.tsx'
import { PlayIcon, ReportIcon, RestartIcon, StopIcon, actionClass, dangerActionClass } from './icons.tsx'
import { STATUS_TONE, formatDate, type Campaign } from './types.ts'
import { useCampaigns } from './useCampaigns.ts'
import '../index.css'

const ROW_HEIGHT = 52
const rowProps = (r: Campaign) => ({ 'data-testid': `campaign-row-${r.id}` })
const rowKey = (r: Campaign) => r.id

/**
 * /campaigns (administration.md §2 "Contact lists and campaigns", §4, §8): the company's campaigns,
 * searchable, a page at a time, live; start a draft or scheduled one now, stop a running one, restart
 * a cancelled one (starting and stopping asked first: each reaches customers), open its report, edit
 * (or view), delete with confirmation; add. The first action slot changes with the status and keeps
 * its width when empty, so the report, edit and delete icons never move under the pointer.
 */
function Campaigns() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const [search, setSearch] = useState('')
  const list = useCampaigns(search)
  const { upsert, remove } = list
  const [denied, setDenied] = useState(false)
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)
  const [deleting, setDeleting] = useState<Campaign | null>(null)
  const [busy, setBusy] = useState(false)
  const [acting, setActing] = useState<number | null>(null)
  const wide = useMediaQuery(SM_UP)
  const [confirming, setConfirming] = useState<{ campaign: Campaign; what: 'start' | 'cancel' } | null>(null)
  const message = useCallback(
    (err: unknown) => errorMessage(err, t, { exists: (k: string) => i18n.exists(k) }),
    [t, i18n],
  )
  // The dialog follows the campaign live (a start turns it read-only while open).
  const [opened, setOpened] = useState<Campaign | null>(null)
  const editingRecord = editing?.id != null ? (list.items.find((r) => r.id === editing.id) ?? opened) : null

  const act = useCallback(
    async (r: Campaign, what: 'start' | 'cancel' | 'restart') => {
      setActing(r.id)
      try {
        upsert(await api.post<Campaign>(`/campaigns/${r.id}/${what}`))
        toast.success(
          t(`campaignList.toasts.${what === 'cancel' ? 'cancelled' : what === 'start' ? 'started' : 'restarted'}`),
        )
      } catch (err) {
        if (isPlanDenied(err)) setDenied(true)
        // §8: cancel/restart failures show the error's message.
        else toast.error(message(err))
      } finally {
        setActing(null)
      }
    },
    [api, upsert, t, message],
  )

  const columns = useMemo<Column<Campaign>[]>(
    () => [
      {
        key: 'name',
        header: t('campaignList.columns.name'),
        headerClassName: 'px-3',
        className: 'max-w-0 truncate px-3 font-medium',
        // On a phone the status sits under the name (its own column would leave the name one letter).
        cell: (r) => (
          <span className="flex min-w-0 flex-col items-start">
            <span className="max-w-full truncate" title={r.name}>
              {r.name}
            </span>
            {!wide && <StatusBadge status={r.status} />}
          </span>
        ),
      },
      ...(wide
        ? [
            {
              key: 'status',
              header: t('campaignList.columns.status'),
              headerClassName: 'w-32 px-3',
              className: 'px-3',
              cell: (r: Campaign) => <StatusBadge status={r.status} />,
            },
          ]
        : []),
      {
        key: 'contactList',
        header: t('campaignList.columns.contactList'),
        headerClassName: 'hidden w-40 px-3 md:table-cell',
        className: 'hidden max-w-0 truncate px-3 text-sm md:table-cell',
        cell: (r) => r.contactList?.name ?? t('campaignList.none'),
      },
      {
        key: 'whatsapp',
        header: t('campaignList.columns.whatsapp'),
        headerClassName: 'hidden w-36 px-3 md:table-cell',
        className: 'hidden max-w-0 truncate px-3 text-sm md:table-cell',
        cell: (r) => r.whatsapp?.name ?? t('campaignList.none'),
      },
      {
        key: 'scheduledAt',
        header: t('campaignList.columns.scheduledAt'),
        headerClassName: 'hidden w-36 px-3 lg:table-cell',
        className: 'hidden px-3 text-sm lg:table-cell',
        cell: (r) => formatDate(r.scheduledAt, i18n.language) || t('campaignList.none'),
      },
      {
        key: 'completedAt',
        header: t('campaignList.columns.completedAt'),
        headerClassName: 'hidden w-36 px-3 lg:table-cell',
        className: 'hidden px-3 text-sm lg:table-cell',
        cell: (r) => formatDate(r.completedAt, i18n.language) || t('campaignList.none'),
      },
      {
        key: 'actions',
        header: t('campaignList.columns.actions'),
        headerClassName: 'w-36 px-1 text-right sm:w-48 sm:px-3',
        className: 'px-1 text-right whitespace-nowrap',
        cell: (r) => (
          <>
            <StateAction
              campaign={r}
              busy={acting === r.id}
              onStart={() => setConfirming({ campaign: r, what: 'start' })}
              onStop={() => setConfirming({ campaign: r, what: 'cancel' })}
              onRestart={() => void act(r, 'restart')}
            />
            <button
              type="button"
              onClick={() => navigate(`/campaign/${r.id}/report`)}
              className={actionClass}
              title={t('campaignList.report', { name: r.name })}
              aria-label={t('campaignList.report', { name: r.name })}
            >
              <ReportIcon className="h-4 w-4" />
            </button>
            <button
              type="button"
              onClick={() => {
                setOpened(r)
                setEditing({ id: r.id })
              }}
              className={actionClass}
              title={t('campaignList.edit', { name: r.name })}
              aria-label={t('campaignList.edit', { name: r.name })}
            >
              <EditIcon className="h-4 w-4" />
            </button>
            <button
              type="button"
              onClick={() => setDeleting(r)}
              className={dangerActionClass}
              title={t('campaignList.delete', { name: r.name })}
              aria-label={t('campaignList.delete', { name: r.name })}
            >
              <TrashIcon className="h-4 w-4" />
            </button>
          </>
        ),
      },
    ],
    [t, i18n.language, navigate, act, acting, wide],
  )

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/campaigns/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('campaignList.toasts.deleted'))
    } catch (err) {
      if (isPlanDenied(err)) setDenied(true)
      else toast.error(message(err))
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  if (denied) return <NoAccess testId="campaigns-plan-denied" />

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('campaignList.title')}</h1>
        <SearchField
          label={t('campaignList.search')}
          placeholder={t('campaignList.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-72"
        />
        <Button
          onClick={() => {
            setOpened(null)
            setEditing({ id: null })
          }}
          className="w-full sm:w-auto"
        >
          {t('campaignList.add')}
        </Button>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('campaignList.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('campaignList.retry')}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('campaignList.loading')} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('campaignList.emptySearch', { search }) : t('campaignList.empty')} />
      ) : (
        <VirtualTable
          data-testid="campaigns-scroll"
          label={t('campaignList.title')}
          columns={columns}
          rows={list.items}
          rowKey={rowKey}
          rowProps={rowProps}
          rowHeight={ROW_HEIGHT}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          failed={list.moreFailed}
          loadMore={list.loadMore}
          loadingLabel={t('campaignList.loadingMore')}
          failedText={t('campaignList.loadMoreError')}
          retryLabel={t('campaignList.retry')}
        />
      )}

      <CampaignDialog
        editing={editing}
        record={editingRecord}
        onClose={() => setEditing(null)}
        onSaved={(r) => {
          upsert(r)
          setOpened(r)
        }}
        onPlanDenied={() => setDenied(true)}
        onStop={(r) => setConfirming({ campaign: r, what: 'cancel' })}
        onRestart={(r) => void act(r, 'restart')}
      />
      <ConfirmDialog
        open={!!confirming}
        danger={confirming?.what === 'cancel'}
        loading={!!confirming && acting === confirming.campaign.id}
        onClose={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return
          void act(confirming.campaign, confirming.what).then(() => setConfirming(null))
        }}
        title={t(`campaignList.${confirming?.what === 'start' ? 'confirmStart' : 'confirmStop'}.title`, {
          name: confirming?.campaign.name ?? '',
        })}
        confirmLabel={t(`campaignList.${confirming?.what === 'start' ? 'confirmStart' : 'confirmStop'}.yes`)}
        cancelLabel={t('campaignList.confirm.no')}
      >
        {t(`campaignList.${confirming?.what === 'start' ? 'confirmStart' : 'confirmStop'}.body`)}
      </ConfirmDialog>
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('campaignList.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('campaignList.confirm.yes')}
        cancelLabel={t('campaignList.confirm.no')}
      >
        {t('campaignList.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}

function StatusBadge({ status }: { status: Campaign['status'] }) {
  const { t } = useTranslation()
  return (
    <Badge tone={STATUS_TONE[status]}>
      <span data-testid="campaign-status" data-status={status}>
        {t(`campaignStatus.${status}`)}
      </span>
    </Badge>
  )
}

/** The status's own action, in a slot of fixed width (empty for a finished campaign). */
function StateAction({
  campaign: r,
  busy,
  onStart,
  onStop,
  onRestart,
}: {
  campaign: Campaign
  busy: boolean
  onStart: () => void
  onStop: () => void
  onRestart: () => void
}) {
  const { t } = useTranslation()
  const action =
    r.status === 'INATIVA' || r.status === 'PROGRAMADA'
      ? { key: 'start', onClick: onStart, Icon: PlayIcon, className: actionClass }
      : r.status === 'EM_ANDAMENTO'
        ? { key: 'stop', onClick: onStop, Icon: StopIcon, className: dangerActionClass }
        : r.status === 'CANCELADA'
          ? { key: 'restart', onClick: onRestart, Icon: RestartIcon, className: actionClass }
          : null
  if (!action) return <span className="inline-block w-8" aria-hidden />
  const label = t(`campaignList.${action.key}`, { name: r.name })
  return (
    <button
      type="button"
      onClick={action.onClick}
      disabled={busy}
      className={action.className}
      title={label}
      aria-label={label}
      data-testid={`campaign-${action.key}`}
    >
      <action.Icon className="h-4 w-4" />
    </button>
  )
}

export default function CampaignsPage() {
  return (
    <CampaignsGate>
      <Campaigns />
    </CampaignsGate>
  )
}
