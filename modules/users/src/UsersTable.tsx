import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Loading, cx, EditIcon, TrashIcon } from '@atende/ui'
import { Avatar } from './Avatar.tsx'
import type { User } from './types.ts'

/** Every row has the same height, so only the rows in view are rendered (thousands stay smooth). */
export const ROW_HEIGHT = 56
const OVERSCAN = 8
/** Ask for the next page when the bottom is this close (core.md §9). */
export const LOAD_MORE_PX = 100

interface RowProps { user: User; onEdit: (u: User) => void; onDelete: (u: User) => void }

const UserRow = memo(function UserRow({ user, onEdit, onDelete }: RowProps) {
  const { t } = useTranslation()
  return (
    <tr style={{ height: ROW_HEIGHT }} className="border-b border-slate-100 hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-700/40" data-testid={`user-row-${user.id}`}>
      <td className="hidden px-3 text-slate-500 tabular-nums sm:table-cell">{user.id}</td>
      <td className="max-w-0 px-3">
        <div className="flex items-center gap-3">
          <Avatar name={user.name} picture={user.profilePicture} />
          <div className="min-w-0">
            <p className="truncate font-medium">{user.name}</p>
            {/* Phones have no email column: show it under the name. */}
            <p className="truncate text-xs text-slate-500 sm:hidden">{user.email}</p>
          </div>
        </div>
      </td>
      <td className="hidden max-w-0 truncate px-3 sm:table-cell">{user.email}</td>
      <td className="hidden px-3 md:table-cell">
        {t(`users.profiles.${user.profile}`)}
        {user.super && <span className="ml-2 rounded bg-primary-light px-1.5 py-0.5 text-xs text-primary dark:bg-slate-600 dark:text-white">{t('users.super')}</span>}
      </td>
      <td className="px-1 text-center">
        <span title={user.online ? t('users.online') : t('users.offline')}
          className={cx('inline-block h-2.5 w-2.5 rounded-full', user.online ? 'bg-green-500' : 'bg-slate-300 dark:bg-slate-500')} />
        <span className="sr-only">{user.online ? t('users.online') : t('users.offline')}</span>
      </td>
      <td className="px-1 text-right whitespace-nowrap">
        <button type="button" onClick={() => onEdit(user)} aria-label={t('users.edit', { name: user.name })} title={t('users.edit', { name: user.name })}
          className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700">
          <EditIcon className="h-4 w-4" />
        </button>
        <button type="button" onClick={() => onDelete(user)} aria-label={t('users.delete', { name: user.name })} title={t('users.delete', { name: user.name })}
          className="rounded-md p-2 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 dark:text-red-400 dark:hover:bg-red-950">
          <TrashIcon className="h-4 w-4" />
        </button>
      </td>
    </tr>
  )
})

export interface UsersTableProps {
  users: User[]
  hasMore: boolean
  loadingMore: boolean
  moreFailed: boolean
  loadMore: () => void
  onEdit: (u: User) => void
  onDelete: (u: User) => void
}

/** The scroll container: a windowed table that asks for the next page near its bottom. */
export function UsersTable({ users, hasMore, loadingMore, moreFailed, loadMore, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation()
  const box = useRef<HTMLDivElement>(null)
  // Scroll position in whole rows: scrolling within a row re-renders nothing.
  const [topRow, setTopRow] = useState(0)
  const [height, setHeight] = useState(800)

  const nearBottom = useCallback(() => {
    const el = box.current
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_PX) loadMore()
  }, [loadMore])

  useLayoutEffect(() => {
    const el = box.current
    if (!el) return
    const measure = () => { setTopRow(Math.floor(el.scrollTop / ROW_HEIGHT)); setHeight(el.clientHeight) }
    measure()
    const ro = new ResizeObserver(measure)
    ro.observe(el)
    return () => ro.disconnect()
  }, [])

  // A first page shorter than the box leaves nothing to scroll: keep loading until it fills.
  useEffect(() => { if (hasMore && !loadingMore && !moreFailed) nearBottom() }, [users.length, hasMore, loadingMore, moreFailed, height, nearBottom])

  const first = Math.max(0, topRow - OVERSCAN)
  const last = Math.min(users.length, topRow + Math.ceil(height / ROW_HEIGHT) + 1 + OVERSCAN)
  const visible = users.slice(first, last)

  return (
    <div ref={box} data-testid="users-scroll" className="relative min-h-0 flex-initial overflow-auto rounded-lg bg-white shadow dark:bg-slate-800"
      onScroll={(e) => { setTopRow(Math.floor(e.currentTarget.scrollTop / ROW_HEIGHT)); nearBottom() }}>
      <table className="w-full table-fixed text-left text-sm" aria-rowcount={users.length + 1}>
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs uppercase text-slate-500 shadow-sm dark:bg-slate-900 dark:text-slate-400">
          <tr className="h-10">
            <th scope="col" className="hidden w-14 px-3 font-semibold sm:table-cell">{t('users.columns.id')}</th>
            <th scope="col" className="px-3 font-semibold">{t('users.columns.name')}</th>
            <th scope="col" className="hidden px-3 font-semibold sm:table-cell">{t('users.columns.email')}</th>
            <th scope="col" className="hidden w-40 px-3 font-semibold md:table-cell">{t('users.columns.profile')}</th>
            <th scope="col" className="w-16 px-1 text-center font-semibold">{t('users.columns.online')}</th>
            <th scope="col" className="w-22 px-3 text-right font-semibold">{t('users.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {first > 0 && <tr aria-hidden style={{ height: first * ROW_HEIGHT }} />}
          {visible.map((u) => <UserRow key={u.id} user={u} onEdit={onEdit} onDelete={onDelete} />)}
          {last < users.length && <tr aria-hidden style={{ height: (users.length - last) * ROW_HEIGHT }} />}
        </tbody>
      </table>
      {loadingMore && <Loading label={t('users.loadingMore')} className="p-3" />}
      {moreFailed && (
        <div role="alert" className="flex items-center justify-center gap-3 p-3 text-sm text-red-700 dark:text-red-300">
          {t('users.loadMoreError')}
          <Button variant="secondary" className="px-3 py-1" onClick={loadMore}>{t('common.retry', { defaultValue: 'Retry' })}</Button>
        </div>
      )}
    </div>
  )
}
