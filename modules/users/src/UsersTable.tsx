import {
  Avatar,
  Badge,
  ExtensionSlot,
  PagedTable,
  cx,
  useColumns,
  useExtensions,
  type Column,
  type EditableRowsProps,
} from '@atende/ui'
import { ExtensionCell, type UserColumn } from './slots.tsx'
import type { User } from './types.ts'

/** Every row has the same height, so the table renders only the rows in view. */
export const ROW_HEIGHT = 56

export interface UsersTableProps extends EditableRowsProps<User> {
  /** Other modules' columns (the `users.columns` slot), by key. */
  extraColumns?: Readonly<Record<string, UserColumn>>
}

const NO_COLUMNS: Readonly<Record<string, UserColumn>> = {}

/** The users' columns on the kit's windowed table, which asks for the next page near its bottom. */
export function UsersTable({ list, onEdit, onDelete, extraColumns = NO_COLUMNS }: UsersTableProps) {
  // Row actions of other modules (`users.actions`) widen the actions column.
  const moreActions = useExtensions('users.actions').length > 0
  const columns = useColumns<User>(
    'users',
    ({ t, col, actions }) => [
      col('id', {
        width: 'w-14',
        from: 'sm',
        className: 'text-slate-500 dark:text-slate-400 tabular-nums',
        cell: (u) => u.id,
      }),
      col('name', {
        className: 'max-w-0',
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
      }),
      col('email', { from: 'sm', truncate: true, cell: (u) => u.email }),
      col('profile', {
        width: 'w-40',
        from: 'md',
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
      }),
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
      col('online', {
        width: 'w-16',
        padding: 'px-1',
        align: 'center',
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
      }),
      actions({
        width: moreActions ? 'w-32' : 'w-22',
        before: moreActions ? (u) => <ExtensionSlot name="users.actions" props={{ user: u }} /> : undefined,
        onEdit,
        onDelete,
      }),
    ],
    [onEdit, onDelete, extraColumns, moreActions],
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
