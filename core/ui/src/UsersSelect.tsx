import { useEffect, useId, useRef, useState } from 'react'
import { isAbortError, useApi } from '@atende/client'
import { FieldShell, inputClass } from './TextField.tsx'
import { cx } from './cx.ts'

export interface UsersSelectProps {
  label: string
  /** null while they load. */
  users: Array<{ id: number; name: string }> | null
  value: number[]
  onChange: (ids: number[]) => void
  disabled?: boolean
  hint?: string
  /** The module's words: nobody chosen, loading, no user to choose. */
  texts: { none: string; loading: string; empty: string }
}

/** Several users (a task's, a chat's): a button listing the chosen names that opens a checkbox list (Escape or a click outside closes it). */
export function UsersSelect({ label, users, value, onChange, disabled, hint, texts }: UsersSelectProps) {
  const [open, setOpen] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const id = useId()
  useEffect(() => {
    if (!open) return
    const close = (e: MouseEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false)
    }
    document.addEventListener('mousedown', close)
    return () => document.removeEventListener('mousedown', close)
  }, [open])
  const toggle = (userId: number) =>
    onChange(value.includes(userId) ? value.filter((x) => x !== userId) : [...value, userId])
  const names = value.map((v) => users?.find((u) => u.id === v)?.name ?? `#${v}`)
  return (
    <FieldShell id={`${id}-button`} label={label} hint={hint}>
      <div
        ref={box}
        className="relative"
        onKeyDown={(e) => {
          if (e.key === 'Escape') setOpen(false)
        }}
      >
        <button
          id={`${id}-button`}
          type="button"
          disabled={disabled}
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          onClick={() => setOpen((o) => !o)}
          className={cx(inputClass, 'truncate text-left disabled:cursor-not-allowed disabled:opacity-60')}
        >
          {names.length ? names.join(', ') : texts.none}
        </button>
        {open && (
          <div
            id={`${id}-list`}
            role="group"
            aria-label={label}
            className="absolute left-0 top-full z-30 mt-1 max-h-64 w-full min-w-56 overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-600 dark:bg-slate-800"
          >
            {users == null && <p className="px-3 py-2 text-xs text-slate-500 dark:text-slate-400">{texts.loading}</p>}
            {users?.length === 0 && (
              <p className="px-3 py-2 text-xs text-slate-500 dark:text-slate-400">{texts.empty}</p>
            )}
            {users?.map((u) => (
              <label
                key={u.id}
                className="flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-700"
              >
                <input type="checkbox" checked={value.includes(u.id)} onChange={() => toggle(u.id)} />
                <span className="truncate">{u.name}</span>
              </label>
            ))}
          </div>
        )}
      </div>
    </FieldShell>
  )
}

/**
 * The company's users to choose from (GET /api/users/list) while `enabled`: null while they load,
 * [] when the read fails (the picker then says there is no one to choose).
 */
export function useUserChoices(enabled = true): Array<{ id: number; name: string }> | null {
  const api = useApi()
  const [users, setUsers] = useState<Array<{ id: number; name: string }> | null>(null)
  useEffect(() => {
    if (!enabled) return
    const ctrl = new AbortController()
    api
      .get<Array<{ id: number; name: string }>>('/users/list', { signal: ctrl.signal })
      .then((list) => setUsers(list.map((u) => ({ id: u.id, name: u.name }))))
      .catch((err) => {
        if (isAbortError(err) || ctrl.signal.aborted) return
        console.warn('[users] list failed', err)
        setUsers([])
      })
    return () => ctrl.abort()
  }, [api, enabled])
  return users
}
