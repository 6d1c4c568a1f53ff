import { useCallback, useState } from 'react'
import { useSession } from '@atende/client'
import { ListPage, useConfirmDelete } from '@atende/ui'
import { FileListDialog } from './FileListDialog.tsx'
import { FileListsTable } from './FileListsTable.tsx'
import type { FileList } from './types.ts'
import { useFileLists } from './useFileLists.ts'
import './index.css'

/**
 * /files: the company's file lists by name, searchable, a page at a time, kept live; admins add,
 * edit and delete them.
 */
export default function FilesPage() {
  const { isAdmin, isSuper } = useSession()
  const canEdit = isAdmin || isSuper
  const [search, setSearch] = useState('')
  const list = useFileLists(search)
  const { upsert, remove } = list
  const [editing, setEditing] = useState<{ record: FileList | null } | null>(null)
  const del = useConfirmDelete<FileList>({
    ns: 'files',
    path: (r) => `/files/${r.id}`,
    onDeleted: (r) => remove(r.id),
  })
  const onEdit = useCallback((record: FileList) => setEditing({ record }), [])

  return (
    <ListPage
      ns="files"
      testid="file-lists"
      list={list}
      search={{ value: search, onSearch: setSearch }}
      onAdd={canEdit ? () => setEditing({ record: null }) : undefined}
      table={<FileListsTable list={list} canEdit={canEdit} onEdit={onEdit} onDelete={del.ask} />}
    >
      <FileListDialog editing={editing} onClose={() => setEditing(null)} onSaved={upsert} />
      {del.dialog}
    </ListPage>
  )
}
