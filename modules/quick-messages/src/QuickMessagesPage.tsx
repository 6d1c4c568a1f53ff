import { ListPage, useAuthorOrAdmin, useConfirmDelete, useEditing, useSearchTerm } from '@atende/ui'
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
  const search = useSearchTerm()
  const list = useQuickMessages(search.value)
  const { editing, add, edit, close } = useEditing<QuickMessage>()
  const canEdit = useAuthorOrAdmin<QuickMessage>()
  const del = useConfirmDelete<QuickMessage>({
    ns: 'quickMessages',
    path: (q) => `/quick-messages/${q.id}`,
    onDeleted: (q) => list.remove(q.id),
    titleValues: (q) => ({ shortcode: q.shortcode }),
  })

  return (
    <ListPage
      ns="quickMessages"
      testid="quick-messages"
      list={list}
      search={search}
      onAdd={add}
      table={<QuickMessagesTable list={list} canEdit={canEdit} onEdit={edit} onDelete={del.ask} />}
    >
      <QuickMessageDialog editing={editing} onClose={close} onSaved={list.upsert} />
      {del.dialog}
    </ListPage>
  )
}
