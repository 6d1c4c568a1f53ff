import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi } from '@atende/client'
import { Button, Dialog, Loading, TextField, TrashIcon, toast } from '@atende/ui'
import type { DddRoute } from '@atende/plugin-ddd-routing/api'
import { setUserDdds, useDdds } from './store.ts'

/** Exactly two digits, each 1 to 9 (the server checks the same). */
export const isDdd = (v: string) => /^[1-9]{2}$/.test(v)

/**
 * One user's DDDs: the list with
 * remove, and a two-character input to add one. Refusals show under the input in the spec's words.
 */
export function DddDialog({ user, onClose }: { user: { id: number; name: string }; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const formId = useId()
  const ddds = useDdds().byUser[user.id] ?? []
  const [loaded, setLoaded] = useState(false)
  const [value, setValue] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  // The user's own list, fresh (another admin may have changed it since the screen loaded).
  useEffect(() => {
    let live = true
    api
      .get<DddRoute[]>(`/ddd-routing/user/${user.id}`)
      .then(
        (rows) =>
          live &&
          setUserDdds(
            user.id,
            rows.map((r) => r.ddd),
          ),
      )
      .catch((err) => live && toast.error(errorMessage(err, t, { exists: (k) => i18n.exists(k) })))
      .finally(() => live && setLoaded(true))
    return () => {
      live = false
    }
  }, [api, user.id, t, i18n])

  const add = async (e: FormEvent) => {
    e.preventDefault()
    const ddd = value.trim()
    if (!isDdd(ddd)) return setError(t('dddRouting.invalid'))
    if (ddds.includes(ddd)) return setError(t('dddRouting.duplicate'))
    setBusy('add')
    try {
      await api.post<DddRoute>('/ddd-routing', { body: { userId: user.id, ddd } })
      setUserDdds(user.id, [...ddds, ddd])
      setValue('')
      toast.success(t('dddRouting.added'))
    } catch (err) {
      if (isApiError(err) && err.code === 'ERR_DDD_INVALID') setError(t('dddRouting.invalid'))
      else if (isApiError(err) && err.code === 'ERR_DDD_DUPLICATE') setError(t('dddRouting.duplicate'))
      else toast.error(errorMessage(err, t, { exists: (k) => i18n.exists(k) }))
    } finally {
      setBusy(null)
    }
  }

  const remove = async (ddd: string) => {
    setBusy(ddd)
    try {
      await api.delete(`/ddd-routing/user/${user.id}/ddd/${ddd}`)
      setUserDdds(
        user.id,
        ddds.filter((d) => d !== ddd),
      )
      toast.success(t('dddRouting.removed'))
    } catch (err) {
      toast.error(errorMessage(err, t, { exists: (k) => i18n.exists(k) }))
    } finally {
      setBusy(null)
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('dddRouting.title', { name: user.name })}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('dddRouting.close')}
        </Button>
      }
    >
      <div className="flex flex-col gap-4" data-testid="ddd-dialog">
        <form id={formId} onSubmit={add} noValidate className="flex items-start gap-2">
          <TextField
            label={t('dddRouting.ddd')}
            placeholder={t('dddRouting.placeholder')}
            value={value}
            onChange={(v) => {
              setValue(v)
              setError(null)
            }}
            error={error}
            maxLength={2}
            inputMode="numeric"
            autoFocus
            className="flex-1"
          />
          <Button type="submit" loading={busy === 'add'} className="mt-6">
            {t('dddRouting.add')}
          </Button>
        </form>
        {!loaded && !ddds.length ? (
          <Loading label={t('dddRouting.loading')} />
        ) : ddds.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">{t('dddRouting.empty')}</p>
        ) : (
          <ul
            className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700"
            aria-label={t('dddRouting.list')}
          >
            {ddds.map((d) => (
              <li key={d} className="flex items-center justify-between py-1.5" data-testid={`ddd-item-${d}`}>
                <span className="font-medium tabular-nums">{d}</span>
                <button
                  type="button"
                  onClick={() => void remove(d)}
                  disabled={busy === d}
                  aria-label={t('dddRouting.remove', { ddd: d })}
                  title={t('dddRouting.remove', { ddd: d })}
                  className="rounded-md p-2 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 disabled:opacity-50 dark:text-red-400 dark:hover:bg-red-950"
                >
                  <TrashIcon className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  )
}
