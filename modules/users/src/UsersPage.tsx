import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '@atende/client'
import { AdminOnly, ExtensionSlot, ListPage, SearchField, useConfirmDelete, useEditing } from '@atende/ui'
import type { SetUserColumn, UserColumn } from './slots.tsx'
import { syncSessionUser } from './session.ts'
import type { User } from './types.ts'
import { UserDialog } from './UserDialog.tsx'
import { UsersTable } from './UsersTable.tsx'
import { USER_SEARCH_DEBOUNCE_MS, useUserList } from './useUserList.ts'
import './index.css'

/** /users: search, add, edit and delete the company's users. */
export default function UsersPage() {
  const { t } = useTranslation()
  return (
    <AdminOnly denied={t('users.noPermission')}>
      <UsersScreen />
    </AdminOnly>
  )
}

function UsersScreen() {
  const { t } = useTranslation()
  const { session } = useSession()
  const [search, setSearch] = useState('')
  const list = useUserList(search)
  const { editing, add, edit, close } = useEditing<User>()
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

  const { upsert, remove } = list
  const del = useConfirmDelete<User>({
    ns: 'users',
    path: (user) => `/users/${user.id}`,
    onDeleted: (user) => remove(user.id),
    keys: {
      yes: 'users.confirm.confirm',
      no: 'users.confirm.cancel',
      body: 'users.confirm.message',
      deleted: 'users.confirm.deleted',
      deleteError: 'errors.generic',
    },
  })

  const onSaved = useCallback(
    (user: User) => {
      upsert(user)
      syncSessionUser(session, user)
    },
    [upsert, session],
  )

  return (
    <ListPage
      ns="users"
      list={list}
      // The users' search answers sooner than the kit's default debounce.
      actions={
        <SearchField
          label={t('users.search')}
          placeholder={t('users.searchPlaceholder')}
          onSearch={setSearch}
          debounceMs={USER_SEARCH_DEBOUNCE_MS}
          className="w-full sm:w-72"
        />
      }
      empty={search ? t('users.emptySearch', { search }) : undefined}
      onAdd={add}
      table={<UsersTable list={list} onEdit={edit} onDelete={del.ask} extraColumns={extraColumns} />}
    >
      {/* Other modules' columns register themselves (slots.tsx); nothing is drawn here. */}
      <ExtensionSlot name="users.columns" props={{ setColumn }} />

      <UserDialog open={!!editing} user={editing?.record ?? null} onClose={close} onSaved={onSaved} />
      {del.dialog}
    </ListPage>
  )
}
