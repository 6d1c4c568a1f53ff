import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi, useSession } from '@atende/client'
import { Button, ConfirmDialog, EmptyState, ErrorCard, ExtensionSlot, Loading, SearchField, toast } from '@atende/ui'
import type { SetUserColumn, UserColumn } from './slots.tsx'
import { syncSessionUser } from './session.ts'
import type { User } from './types.ts'
import { UserDialog } from './UserDialog.tsx'
import { UsersTable } from './UsersTable.tsx'
import { USER_SEARCH_DEBOUNCE_MS, useUserList } from './useUserList.ts'
import './index.css'

/** /users (administration.md §2 "Users"): search, add, edit and delete the company's users. */
export default function UsersPage() {
  const { t } = useTranslation()
  const { isAdmin, isSuper } = useSession()
  // The drawer hides the item from non-admins; a typed-in URL gets a word instead of a 403 toast.
  if (!isAdmin && !isSuper)
    return (
      <section className="p-6">
        <ErrorCard title={t('users.noPermission')} />
      </section>
    )
  return <UsersScreen />
}

function UsersScreen() {
  const { t, i18n } = useTranslation()
  const exists = (k: string) => i18n.exists(k)
  const { session } = useSession()
  const api = useApi()
  const [search, setSearch] = useState('')
  const list = useUserList(search)
  const [editing, setEditing] = useState<{ user: User | null } | null>(null)
  const [deleting, setDeleting] = useState<User | null>(null)
  const [busy, setBusy] = useState(false)
  const [extraColumns, setExtraColumns] = useState<Readonly<Record<string, UserColumn>>>({})
  const setColumn = useCallback<SetUserColumn>(
    (key, column) =>
      setExtraColumns((current) => {
        const next = { ...current }
        delete next[key]
        if (column) next[key] = column
        return next
      }),
    [],
  )

  const onEdit = useCallback((user: User) => setEditing({ user }), [])
  const onDelete = useCallback((user: User) => setDeleting(user), [])
  const { upsert, remove } = list

  const onSaved = useCallback(
    (user: User) => {
      upsert(user)
      syncSessionUser(session, user)
    },
    [upsert, session],
  )

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/users/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('users.confirm.deleted'))
    } catch (err) {
      toast.error(errorMessage(err, t, { exists }))
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">
          {t('users.title')}
          {list.status === 'ready' && (
            <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400" data-testid="users-count">
              {t('users.count', { count: list.count })}
            </span>
          )}
        </h1>
        <SearchField
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          onSearch={setSearch}
          debounceMs={USER_SEARCH_DEBOUNCE_MS}
          className="w-full sm:w-72"
        />
        <Button onClick={() => setEditing({ user: null })} className="w-full sm:w-auto">
          {t('users.add')}
        </Button>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('users.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('common.retry', { defaultValue: 'Retry' })}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('common.loading', { defaultValue: '…' })} />
      ) : list.users.length === 0 ? (
        <EmptyState title={search ? t('users.emptySearch', { search }) : t('users.empty')} />
      ) : (
        <UsersTable
          users={list.users}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          moreFailed={list.moreFailed}
          loadMore={list.loadMore}
          onEdit={onEdit}
          onDelete={onDelete}
          extraColumns={extraColumns}
        />
      )}
      {/* Other modules' columns register themselves (slots.tsx); nothing is drawn here. */}
      <ExtensionSlot name="users.columns" props={{ setColumn }} />

      <UserDialog open={!!editing} user={editing?.user ?? null} onClose={() => setEditing(null)} onSaved={onSaved} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('users.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('users.confirm.confirm')}
        cancelLabel={t('users.confirm.cancel')}
      >
        {t('users.confirm.message')}
      </ConfirmDialog>
    </section>
  )
}
