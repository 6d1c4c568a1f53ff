import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, usePermissions } from '@atende/client'
import { ListPage, toast, useAuthorOrAdmin, useConfirmDelete, useErrorToast, useSearchTerm } from '@atende/ui'
import { TagDialog } from './TagDialog.tsx'
import { TagsTable } from './TagsTable.tsx'
import type { Tag } from './types.ts'
import { useTags } from './useTags.ts'
import './index.css'

/**
 * The named permission behind the kanban switch (plugins/tags): there is no supervisor profile,
 * so admins and the super user hold it.
 */
export const KANBAN_PERMISSION = 'tags:kanban'

/**
 * /tags: the company's tags, searchable, a page at a time, with their colour and tickets; anyone
 * adds, the author or an admin edits and deletes, and admins flip the kanban switch. Live through
 * the company's tag events.
 */
export default function TagsPage() {
  const { t } = useTranslation()
  const api = useApi()
  const canKanban = usePermissions().values.has(KANBAN_PERMISSION)
  const showError = useErrorToast()
  const search = useSearchTerm()
  const list = useTags(search.value)
  const { upsert, remove } = list
  const [editing, setEditing] = useState<{ tag: Tag | null } | null>(null)
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set())
  const del = useConfirmDelete<Tag>({
    ns: 'tags',
    path: (tag) => `/tags/${tag.id}`,
    onDeleted: (tag) => remove(tag.id),
  })

  const canEdit = useAuthorOrAdmin<Tag>()
  const onEdit = useCallback((tag: Tag) => setEditing({ tag }), [])

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

  return (
    <ListPage
      ns="tags"
      list={list}
      search={search}
      onAdd={() => setEditing({ tag: null })}
      table={
        <TagsTable
          list={list}
          canKanban={canKanban}
          canEdit={canEdit}
          pending={pending}
          onKanban={onKanban}
          onEdit={onEdit}
          onDelete={del.ask}
        />
      }
    >
      <TagDialog editing={editing} canKanban={canKanban} onClose={() => setEditing(null)} onSaved={upsert} />
      {del.dialog}
    </ListPage>
  )
}
