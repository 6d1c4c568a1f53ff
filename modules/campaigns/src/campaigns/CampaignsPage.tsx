import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useApi } from '@atende/client'
import {
  Badge,
  ConfirmDialog,
  IconAction,
  ListPage,
  SM_UP,
  PagedTable,
  toast,
  useColumns,
  useMediaQuery,
  useSearchTerm,
} from '@atende/ui'
import { CampaignsGate, NoAccess, isPlanDenied } from '../access.tsx'
import { PlayIcon, ReportIcon, RestartIcon, StopIcon } from '../icons.tsx'
import { ROW_HEIGHT } from '../columns.tsx'
import { useAskDelete, useErrorText } from '../useAskDelete.tsx'
import { CampaignDialog } from './CampaignDialog.tsx'
import { STATUS_TONE, formatDate, type Campaign } from './types.ts'
import { useCampaigns } from './useCampaigns.ts'
import '../index.css'

/**
 * /campaigns: the company's campaigns, searchable, a page at a time, live; start a draft or
 * scheduled one now, stop a running one, restart a cancelled one (starting and stopping asked first:
 * each reaches customers), open its report, edit (or view), delete with confirmation; add. The first
 * action slot changes with the status and keeps its width when empty, so the report, edit and delete
 * icons never move under the pointer.
 */
function Campaigns() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const search = useSearchTerm()
  const list = useCampaigns(search.value)
  const { upsert, remove } = list
  const [denied, setDenied] = useState(false)
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)
  const [acting, setActing] = useState<number | null>(null)
  const wide = useMediaQuery(SM_UP)
  const [confirming, setConfirming] = useState<{ campaign: Campaign; what: 'start' | 'cancel' } | null>(null)
  const message = useErrorText()
  const del = useAskDelete<Campaign>({
    ns: 'campaignList',
    path: '/campaigns',
    onDeleted: remove,
    onPlanDenied: () => setDenied(true),
  })
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
        // Cancel and restart failures say the server's words.
        else toast.error(message(err))
      } finally {
        setActing(null)
      }
    },
    [api, upsert, t, message],
  )

  const columns = useColumns<Campaign>(
    'campaignList',
    ({ t, col, actions }) => {
      const none = t('campaignList.none')
      return [
        col('name', {
          truncate: true,
          className: 'font-medium',
          // On a phone the status sits under the name (its own column would leave the name one letter).
          cell: (r) => (
            <span className="flex min-w-0 flex-col items-start">
              <span className="max-w-full truncate" title={r.name}>
                {r.name}
              </span>
              {!wide && <StatusBadge status={r.status} />}
            </span>
          ),
        }),
        ...(wide ? [col('status', { width: 'w-32', cell: (r) => <StatusBadge status={r.status} /> })] : []),
        col('contactList', {
          width: 'w-40',
          from: 'md',
          truncate: true,
          className: 'text-sm',
          cell: (r) => r.contactList?.name ?? none,
        }),
        col('whatsapp', {
          width: 'w-36',
          from: 'md',
          truncate: true,
          className: 'text-sm',
          cell: (r) => r.whatsapp?.name ?? none,
        }),
        col('scheduledAt', {
          width: 'w-36',
          from: 'lg',
          className: 'text-sm',
          cell: (r) => formatDate(r.scheduledAt, i18n.language) || none,
        }),
        col('completedAt', {
          width: 'w-36',
          from: 'lg',
          className: 'text-sm',
          cell: (r) => formatDate(r.completedAt, i18n.language) || none,
        }),
        {
          ...actions({
            before: (r) => (
              <>
                <StateAction
                  campaign={r}
                  busy={acting === r.id}
                  onStart={() => setConfirming({ campaign: r, what: 'start' })}
                  onStop={() => setConfirming({ campaign: r, what: 'cancel' })}
                  onRestart={() => void act(r, 'restart')}
                />
                <IconAction
                  label={t('campaignList.report', { name: r.name })}
                  onClick={() => navigate(`/campaign/${r.id}/report`)}
                  icon={<ReportIcon className="h-4 w-4" />}
                />
              </>
            ),
            onEdit: (r) => {
              setOpened(r)
              setEditing({ id: r.id })
            },
            onDelete: del.ask,
          }),
          headerClassName: 'w-36 px-1 text-right sm:w-48 sm:px-3',
        },
      ]
    },
    [i18n.language, navigate, act, acting, wide, del.ask],
  )

  if (denied) return <NoAccess testId="campaigns-plan-denied" />

  return (
    <ListPage
      ns="campaignList"
      list={list}
      count={false}
      search={search}
      onAdd={() => {
        setOpened(null)
        setEditing({ id: null })
      }}
      table={
        <PagedTable
          data-testid="campaigns-scroll"
          ns="campaignList"
          list={list}
          columns={columns}
          rowTestid="campaign-row"
          rowHeight={ROW_HEIGHT}
        />
      }
    >
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
      {del.dialog}
    </ListPage>
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
      ? { key: 'start', onClick: onStart, Icon: PlayIcon, tone: 'neutral' as const }
      : r.status === 'EM_ANDAMENTO'
        ? { key: 'stop', onClick: onStop, Icon: StopIcon, tone: 'danger' as const }
        : r.status === 'CANCELADA'
          ? { key: 'restart', onClick: onRestart, Icon: RestartIcon, tone: 'neutral' as const }
          : null
  if (!action) return <span className="inline-block w-8" aria-hidden />
  return (
    <IconAction
      label={t(`campaignList.${action.key}`, { name: r.name })}
      onClick={action.onClick}
      disabled={busy}
      tone={action.tone}
      icon={<action.Icon className="h-4 w-4" />}
      data-testid={`campaign-${action.key}`}
    />
  )
}

export default function CampaignsPage() {
  return (
    <CampaignsGate>
      <Campaigns />
    </CampaignsGate>
  )
}
