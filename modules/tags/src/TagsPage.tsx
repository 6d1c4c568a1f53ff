import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, usePermissions, useSession } from '@atende/client'
import { Button, ConfirmDialog, EmptyState, ErrorCard, Loading, SearchField, toast, useErrorToast } from '@atende/ui'
import { TagDialog } from './TagDialog.tsx'
import { TagsTable } from './TagsTable.tsx'
import type { Tag } from './types.ts'
import { useTags } from './useTags.ts'
import './index.css'

/**
 * The named permission behind the kanban switch (plugins/tags). The spec's "admin or supervisor"
 * (administration.md §4, §6): there is no supervisor profile here, so admins and the super user.
 */
export const KANBAN_PERMISSION = 'tags:kanban'

/**
 * /tags (administration.md §2 "Tags", §4, §6): the company's tags, searchable, a page at a time,
 * with their colour and tickets; anyone adds, the author or an admin edits and deletes, and admins
 * flip the kanban switch. Live through the company's tag events.
 */
export default function TagsPage() {
  const { t } = useTranslation()
  const api = useApi()
  const { user, isAdmin, isSuper } = useSession()
  const canKanban = usePermissions().values.has(KANBAN_PERMISSION)
  const showError = useErrorToast()
  const [search, setSearch] = useState('')
  const list = useTags(search)
  const { upsert, remove } = list
  const [editing, setEditing] = useState<{ tag: Tag | null } | null>(null)
  const [deleting, setDeleting] = useState<Tag | null>(null)
  const [busy, setBusy] = useState(false)
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set())

  const userId = user?.id
  const canEdit = useCallback(
    (tag: Tag) => isAdmin || isSuper || (userId != null && tag.userId === userId),
    [isAdmin, isSuper, userId],
  )
  const onEdit = useCallback((tag: Tag) => setEditing({ tag }), [])
  const onDelete = useCallback((tag: Tag) => setDeleting(tag), [])

  const onKanban = useCallback(
    async (tag: Tag, on: boolean) => {
      setPending((p) => new Set(p).add(tag.id))
      try {
        upsert(await api.put<Tag>(`/tags/${tag.id}`, { body: { kanban: on ? 1 : 0 } }))
        toast.success(t(on ? 'tags.kanbanAdded' : 'tags.kanbanRemoved'))
      } catch (err) {
        showError(err, 'tags.saveError')
      } finally {
        setPending((p) => {
          const next = new Set(p)
          next.delete(tag.id)
          return next
        })
      }
    },
    [api, upsert, showError, t],
  )

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await api.delete(`/tags/${deleting.id}`)
      remove(deleting.id)
      toast.success(t('tags.deleted'))
    } catch (err) {
      showError(err, 'tags.deleteError')
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  return (
    <section className="flex h-full min-h-[420px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">
          {t('tags.title')}
          {list.status === 'ready' && (
            <span className="ml-2 text-sm font-normal text-slate-500 dark:text-slate-400" data-testid="tags-count">
              {t('tags.count', { count: list.count })}
            </span>
          )}
        </h1>
        <SearchField
          label={t('tags.search')}
          placeholder={t('tags.searchPlaceholder')}
          onSearch={setSearch}
          className="w-full sm:w-72"
        />
        <Button onClick={() => setEditing({ tag: null })} className="w-full sm:w-auto">
          {t('tags.add')}
        </Button>
      </header>

      {list.status === 'error' ? (
        <ErrorCard
          title={t('tags.loadError')}
          action={
            <Button variant="secondary" onClick={list.reload}>
              {t('common.retry', { defaultValue: 'Retry' })}
            </Button>
          }
        />
      ) : list.status === 'loading' ? (
        <Loading label={t('common.loading', { defaultValue: '…' })} />
      ) : list.items.length === 0 ? (
        <EmptyState title={search ? t('tags.emptySearch', { search }) : t('tags.empty')} />
      ) : (
        <TagsTable
          tags={list.items}
          hasMore={list.hasMore}
          loadingMore={list.loadingMore}
          moreFailed={list.moreFailed}
          loadMore={list.loadMore}
          canKanban={canKanban}
          canEdit={canEdit}
          pending={pending}
          onKanban={onKanban}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}

      <TagDialog editing={editing} canKanban={canKanban} onClose={() => setEditing(null)} onSaved={upsert} />
      <ConfirmDialog
        open={!!deleting}
        danger
        loading={busy}
        onClose={() => {
          if (!busy) setDeleting(null)
        }}
        onConfirm={() => void confirmDelete()}
        title={t('tags.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('tags.confirm.yes')}
        cancelLabel={t('tags.confirm.no')}
      >
        {t('tags.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}
