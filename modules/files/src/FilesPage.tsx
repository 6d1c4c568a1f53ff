import { useSession } from '@atende/client'
import { ListPage, useConfirmDelete, useEditing, useSearchTerm } from '@atende/ui'
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
  const search = useSearchTerm()
  const list = useFileLists(search.value)
  const { editing, add, edit, close } = useEditing<FileList>()
  const del = useConfirmDelete<FileList>({
    ns: 'files',
    path: (r) => `/files/${r.id}`,
    onDeleted: (r) => list.remove(r.id),
  })

  return (
    <ListPage
      ns="files"
      testid="file-lists"
      list={list}
      search={search}
      onAdd={canEdit ? add : undefined}
      table={<FileListsTable list={list} canEdit={canEdit} onEdit={edit} onDelete={del.ask} />}
    >
      <FileListDialog editing={editing} onClose={close} onSaved={list.upsert} />
      {del.dialog}
    </ListPage>
  )
}
