import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { usePermissions, useSession } from '@atende/client'
import { Button, ConfirmDialog, SearchField, Switch, Tabs } from '@atende/ui'
import type { Ticket } from '../types.ts'
import { MultiSelect, type MultiOption } from './MultiSelect.tsx'
import { NewTicketModal } from './NewTicketModal.tsx'
import { PeekDialog } from './PeekDialog.tsx'
import {
  TAB_CHOICE_KEY,
  emptyView,
  landingSubTab,
  parseTabChoice,
  type ListKey,
  type ListView,
  type OpenSubTab,
  type TabChoice,
  type TicketsTab,
} from './rules.ts'
import { TicketList } from './TicketList.tsx'
import { useMe } from './useMe.ts'
import { useNotifications } from './useNotifications.ts'
import { useQueues, useTags, useUsers } from './useLookups.ts'
import { useTicketActions } from './useTicketActions.ts'
import { useTicketCounts } from './useTicketCounts.ts'
import { useTicketLists } from './useTicketLists.ts'

export const DELETE_PERMISSION = 'ticket-options:deleteTicket'
type Tab = TicketsTab
type SubTab = OpenSubTab

/** The tab a user picked in this session (session storage: this browser tab, until it closes; per user). */
const choiceKey = (userId: number | undefined) => `${TAB_CHOICE_KEY}:${userId ?? ''}`
function storedChoice(userId: number | undefined): TabChoice | null {
  try {
    return parseTabChoice(sessionStorage.getItem(choiceKey(userId)))
  } catch {
    return null
  }
}
function storeChoice(userId: number | undefined, choice: TabChoice) {
  try {
    sessionStorage.setItem(choiceKey(userId), JSON.stringify(choice))
  } catch {
    /* storage refused: the choice lasts while the screen is open */
  }
}

interface TicketsManagerProps {
  companyId: number | null
  selectedId: number | null
}

/**
 * The left panel: tabs open (sub-tabs attending and waiting, with
 * counts), closed and search; the queue filter, admins' "show all", the new-ticket button; the
 * lists kept live; the unread count in the title and the new-message beep. On arrival it lands
 * where the work is ("Aguardando" when nothing of the user's is open but customers wait), unless
 * the user picked a tab in this session: that choice stays.
 */
export function TicketsManager({ companyId, selectedId }: TicketsManagerProps) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { me, name: meName, whatsappId } = useMe()
  const admin = me?.admin ?? false
  const perms = usePermissions()
  const canDelete = admin && perms.values.has(DELETE_PERMISSION)
  const { user } = useSession()
  const userId = user?.id
  const [initial] = useState(() => storedChoice(userId))
  const [tab, setTab] = useState<Tab>(initial?.tab ?? 'open')
  const [sub, setSub] = useState<SubTab>(initial?.sub ?? 'open')
  /** Whether the tab is settled: picked by the user (now or earlier in the session) or landed on. */
  const settled = useRef(initial !== null)
  const [showAll, setShowAll] = useState(false)
  const [queueIds, setQueueIds] = useState<number[]>([])
  const [search, setSearch] = useState('')
  const [tagIds, setTagIds] = useState<number[]>([])
  const [userIds, setUserIds] = useState<number[]>([])
  const [creating, setCreating] = useState(false)
  const [peek, setPeek] = useState<Ticket | null>(null)
  const [deleting, setDeleting] = useState<Ticket | null>(null)

  const queues = useQueues(admin, me?.queueIds ?? [])
  const tags = useTags(tab === 'search')
  const users = useUsers(tab === 'search' && admin)
  const all = admin && showAll

  const views = useMemo(
    (): Record<ListKey, ListView> => ({
      open: { ...emptyView('open'), showAll: all, queueIds },
      pending: { ...emptyView('pending'), showAll: all, queueIds },
      closed: { ...emptyView('closed'), showAll: all, queueIds },
      search: { ...emptyView(), showAll: admin, queueIds, search, tagIds, userIds },
    }),
    [all, admin, queueIds, search, tagIds, userIds],
  )
  const active: ListKey = tab === 'open' ? sub : tab
  const enabled = useMemo((): ListKey[] => (tab === 'open' ? ['open', 'pending'] : ['open', 'pending', tab]), [tab])

  const lists = useTicketLists({ companyId, me, views, enabled })
  const { counts } = useTicketCounts(companyId, all, queueIds)
  useNotifications({
    companyId,
    me,
    views: [views.open, views.pending],
    lists: [lists.state.open.items, lists.state.pending.items],
    openTicketId: selectedId,
  })

  /** The user's own pick (a tab, or Accept taking them to "Atendendo"): kept for the session. */
  const choose = useCallback(
    (next: TabChoice) => {
      settled.current = true
      setTab(next.tab)
      setSub(next.sub)
      storeChoice(userId, next)
    },
    [userId],
  )
  // Arrival without a pick: once both lists have answered, land where the work is.
  const { open: openList, pending: pendingList } = lists.state
  useEffect(() => {
    if (settled.current) return
    const landing = landingSubTab(openList, pendingList)
    if (!landing) return
    settled.current = true
    setSub(landing)
  }, [openList, pendingList])

  const onAccepted = useCallback(() => choose({ tab: 'open', sub: 'open' }), [choose])
  const actions = useTicketActions({
    meId: me?.id ?? null,
    upsert: lists.upsert,
    remove: lists.remove,
    onAccepted,
    openTicketId: selectedId,
  })
  const onOpen = useCallback((tk: Ticket) => navigate(`/tickets/${tk.id}`), [navigate])
  const onDelete = useCallback((tk: Ticket) => setDeleting(tk), [])
  const onPeek = useCallback((tk: Ticket) => setPeek(tk), [])

  const list = lists.state[active]
  // On the hook's stable functions, not `lists` (a new object each render): the list's
  // infinite scroll re-checks whenever loadMore changes.
  const { loadMore: loadMoreOf, reload: reloadOf } = lists
  const loadMore = useCallback(() => loadMoreOf(active), [loadMoreOf, active])
  const reload = useCallback(() => reloadOf(active), [reloadOf, active])
  // The main open tab always lands on 'attending', so the tab alone says which list shows.
  const chooseTab = (k: Tab) => choose({ tab: k, sub: k === 'open' ? 'open' : sub })
  const chooseSub = (k: SubTab) => choose({ tab: 'open', sub: k })

  /** A filter of the list: all until some are picked (queue-filter, tag-filter, user-filter). */
  const filter = (
    name: 'queues' | 'tags' | 'users',
    options: MultiOption[],
    selected: number[],
    onChange: (ids: number[]) => void,
  ) => (
    <MultiSelect
      label={t(`tickets.filters.${name}`)}
      noneLabel={t('tickets.filters.all')}
      options={options}
      selected={selected}
      onChange={onChange}
      data-testid={`${name.slice(0, -1)}-filter`}
    />
  )

  return (
    <div className="flex h-full min-h-0 flex-col bg-white dark:bg-slate-800" data-testid="tickets-manager">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 p-2 dark:border-slate-700">
        <Button className="px-3 py-1.5" onClick={() => setCreating(true)} data-testid="new-ticket-button">
          {t('tickets.buttons.new')}
        </Button>
        {filter('queues', queues, queueIds, setQueueIds)}
        {admin && tab !== 'search' && (
          <Switch
            className="ml-auto"
            checked={showAll}
            onChange={setShowAll}
            label={t('tickets.filters.showAll')}
            data-testid="show-all"
          />
        )}
      </div>
      <Tabs<Tab>
        fill
        idPrefix="tickets-tabs"
        label={t('tickets.tabs.label')}
        active={tab}
        onChange={chooseTab}
        tabs={[
          { key: 'open', label: t('tickets.tabs.open'), testId: 'tab-open' },
          { key: 'closed', label: t('tickets.tabs.closed'), testId: 'tab-closed' },
          { key: 'search', label: t('tickets.tabs.search'), testId: 'tab-search' },
        ]}
      />
      {tab === 'open' && (
        <Tabs<SubTab>
          fill
          small
          idPrefix="tickets-open"
          className="bg-slate-50 dark:bg-slate-900/40"
          label={t('tickets.tabs.open')}
          active={sub}
          onChange={chooseSub}
          tabs={[
            {
              key: 'open',
              label: t('tickets.tabs.attending'),
              testId: 'tab-attending',
              count: counts?.open,
              countTestId: 'count-open',
            },
            {
              key: 'pending',
              label: t('tickets.tabs.pending'),
              testId: 'tab-pending',
              count: counts?.pending,
              countTestId: 'count-pending',
            },
          ]}
        />
      )}
      {tab === 'search' && (
        <div className="flex flex-col gap-2 border-b border-slate-200 p-2 dark:border-slate-700">
          <SearchField
            label={t('tickets.filters.search')}
            placeholder={t('tickets.filters.searchPlaceholder')}
            onSearch={setSearch}
          />
          <div className="flex flex-wrap gap-2">
            {filter('tags', tags, tagIds, setTagIds)}
            {admin && filter('users', users, userIds, setUserIds)}
          </div>
        </div>
      )}
      <div className="flex min-h-0 flex-1 flex-col" role="tabpanel" aria-label={t(`tickets.lists.${active}`)}>
        <TicketList
          key={active}
          list={list}
          label={t(`tickets.lists.${active}`)}
          selectedId={selectedId}
          busyId={actions.busy}
          admin={admin}
          canDelete={canDelete}
          loadMore={loadMore}
          reload={reload}
          onOpen={onOpen}
          onAccept={actions.accept}
          onClose={actions.close}
          onReopen={actions.reopen}
          onPeek={onPeek}
          onCloseWithoutMessage={actions.closeWithoutMessage}
          onDelete={onDelete}
        />
      </div>
      <NewTicketModal
        open={creating}
        onClose={() => setCreating(false)}
        meId={me?.id ?? null}
        meName={meName}
        admin={admin}
        queues={queues}
        myWhatsappId={whatsappId}
        onCreated={lists.upsert}
      />
      <PeekDialog ticket={peek} onClose={() => setPeek(null)} />
      <ConfirmDialog
        open={!!deleting}
        danger
        title={t('tickets.confirmDelete.title', { name: deleting?.contact?.name ?? '' })}
        confirmLabel={t('tickets.confirmDelete.confirm')}
        cancelLabel={t('tickets.confirmDelete.cancel')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          const tk = deleting
          setDeleting(null)
          if (tk) void actions.destroy(tk)
        }}
      >
        {t('tickets.confirmDelete.body')}
      </ConfirmDialog>
    </div>
  )
}
