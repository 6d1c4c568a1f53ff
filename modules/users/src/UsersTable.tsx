import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Avatar,
  Badge,
  ExtensionSlot,
  PagedTable,
  actionsColumn,
  cx,
  useExtensions,
  type Column,
  type PagedRows,
} from '@atende/ui'
import { ExtensionCell, type UserColumn } from './slots.tsx'
import type { User } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 56

export interface UsersTableProps {
  list: PagedRows<User>
  onEdit: (u: User) => void
  onDelete: (u: User) => void
  /** Other modules' columns (the `users.columns` slot), by key. */
  extraColumns?: Readonly<Record<string, UserColumn>>
}

const NO_COLUMNS: Readonly<Record<string, UserColumn>> = {}

/** The users' columns on the kit's windowed table, which asks for the next page near its bottom. */
export function UsersTable({ list, onEdit, onDelete, extraColumns = NO_COLUMNS }: UsersTableProps) {
  const { t } = useTranslation()
  // Row actions of other modules (`users.actions`) widen the actions column.
  const moreActions = useExtensions('users.actions').length > 0
  const columns = useMemo<Column<User>[]>(
    () => [
      {
        key: 'id',
        header: t('users.columns.id'),
        headerClassName: 'hidden w-14 px-3 sm:table-cell',
        className: 'hidden px-3 text-slate-500 dark:text-slate-400 tabular-nums sm:table-cell',
        cell: (u) => u.id,
      },
      {
        key: 'name',
        header: t('users.columns.name'),
        headerClassName: 'px-3',
        className: 'max-w-0 px-3',
        cell: (u) => (
          <div className="flex items-center gap-3">
            <Avatar name={u.name} picture={u.profilePicture} />
            <div className="min-w-0">
              <p className="truncate font-medium">{u.name}</p>
              {/* Phones have no email column: show it under the name. */}
              <p className="truncate text-xs text-slate-500 dark:text-slate-400 sm:hidden">{u.email}</p>
            </div>
          </div>
        ),
      },
      {
        key: 'email',
        header: t('users.columns.email'),
        headerClassName: 'hidden px-3 sm:table-cell',
        className: 'hidden max-w-0 truncate px-3 sm:table-cell',
        cell: (u) => u.email,
      },
      {
        key: 'profile',
        header: t('users.columns.profile'),
        headerClassName: 'hidden w-40 px-3 md:table-cell',
        className: 'hidden px-3 md:table-cell',
        cell: (u) => (
          <>
            {t(`users.profiles.${u.profile}`)}
            {u.super && (
              <Badge tone="primary" className="ml-2">
                {t('users.super')}
              </Badge>
            )}
          </>
        ),
      },
      ...Object.entries(extraColumns).map(([key, { header, Cell, headerClassName, className }]): Column<User> => ({
        key: `ext:${key}`,
        header,
        headerClassName: headerClassName ?? 'px-3',
        className: className ?? 'px-3',
        cell: (u) => (
          <ExtensionCell>
            <Cell user={u} />
          </ExtensionCell>
        ),
      })),
      {
        key: 'online',
        header: t('users.columns.online'),
        headerClassName: 'w-16 px-1 text-center',
        className: 'px-1 text-center',
        cell: (u) => {
          const label = u.online ? t('users.online') : t('users.offline')
          return (
            <>
              <span
                title={label}
                className={cx(
                  'inline-block h-2.5 w-2.5 rounded-full',
                  u.online ? 'bg-green-500' : 'bg-slate-300 dark:bg-slate-500',
                )}
              />
              <span className="sr-only">{label}</span>
            </>
          )
        },
      },
      actionsColumn<User>({
        i18n: { t, ns: 'users' },
        width: moreActions ? 'w-32' : 'w-22',
        before: moreActions ? (u) => <ExtensionSlot name="users.actions" props={{ user: u }} /> : undefined,
        onEdit,
        onDelete,
      }),
    ],
    [t, onEdit, onDelete, extraColumns, moreActions],
  )

  return (
    <PagedTable
      data-testid="users-scroll"
      ns="users"
      list={list}
      columns={columns}
      rowTestid="user-row"
      rowHeight={ROW_HEIGHT}
    />
  )
}
