import { useCallback, useState } from 'react'
import { useSession } from '@atende/client'
import { ListPage, useConfirmDelete } from '@atende/ui'
import { QuickMessageDialog } from './QuickMessageDialog.tsx'
import { QuickMessagesTable } from './QuickMessagesTable.tsx'
import type { QuickMessage } from './types.ts'
import { useQuickMessages } from './useQuickMessages.ts'
import './index.css'

/**
 * /quick-messages: the caller's own and the company-wide quick messages, searchable, a page at a
 * time, kept live; the author or an admin edits and deletes.
 */
export default function QuickMessagesPage() {
  const { user, isAdmin, isSuper } = useSession()
  const [search, setSearch] = useState('')
  const list = useQuickMessages(search)
  const { upsert, remove } = list
  const [editing, setEditing] = useState<{ record: QuickMessage | null } | null>(null)
  const del = useConfirmDelete<QuickMessage>({
    ns: 'quickMessages',
    path: (q) => `/quick-messages/${q.id}`,
    onDeleted: (q) => remove(q.id),
    titleValues: (q) => ({ shortcode: q.shortcode }),
  })

  const userId = user?.id
  const canEdit = useCallback(
    (q: QuickMessage) => isAdmin || isSuper || (userId != null && q.userId === userId),
    [isAdmin, isSuper, userId],
  )
  const onEdit = useCallback((record: QuickMessage) => setEditing({ record }), [])

  return (
    <ListPage
      ns="quickMessages"
      testid="quick-messages"
      list={list}
      search={{ value: search, onSearch: setSearch }}
      onAdd={() => setEditing({ record: null })}
      table={<QuickMessagesTable list={list} canEdit={canEdit} onEdit={onEdit} onDelete={del.ask} />}
    >
      <QuickMessageDialog editing={editing} onClose={() => setEditing(null)} onSaved={upsert} />
      {del.dialog}
    </ListPage>
  )
}
