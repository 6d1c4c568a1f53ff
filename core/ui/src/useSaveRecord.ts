import { useCallback } from 'react'
import { useApi } from '@atende/client'

export type SaveRecordOptions<T> = (
  | {
      /** POST `path` adds; PUT `path/{id}` edits. */
      path: string
      /** The edited record's id; null or undefined adds. */
      id?: number | string | null
      body: unknown
    }
  | {
      /** A save whose route is not `path` and `path/{id}` (the id in the body, say). */
      send: () => Promise<T>
    }
) & {
  setBusy: (busy: boolean) => void
  /** What follows the save (onSaved, toast, close); the dialog is still busy meanwhile. */
  then: (saved: T) => void | Promise<void>
  /** The save, or what followed it, failed: the refusal under its field, or a toast. */
  failed: (err: unknown) => void
}

/**
 * The submit of an add/edit dialog, written once: busy while it runs, POST to add or PUT to edit,
 * `then` with the saved record, `failed` with the error; busy is cleared however it ends.
 */
export function useSaveRecord() {
  const api = useApi()
  return useCallback(
    async <T>(o: SaveRecordOptions<T>) => {
      o.setBusy(true)
      try {
        const saved =
          'send' in o
            ? await o.send()
            : o.id == null
              ? await api.post<T>(o.path, { body: o.body })
              : await api.put<T>(`${o.path}/${o.id}`, { body: o.body })
        await o.then(saved)
      } catch (err) {
        o.failed(err)
      } finally {
        o.setBusy(false)
      }
    },
    [api],
  )
}
