import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react'
import { useApi } from '@atende/client'
import { useErrorToast } from './useErrorToast.ts'

export interface Collection<T extends { id: number }> {
  /** null while the first load runs; [] after a failed load (the error is toasted). */
  items: T[] | null
  setItems: Dispatch<SetStateAction<T[] | null>>
  reload: (signal?: AbortSignal) => Promise<void>
  /** POST to `path` (no id) or PUT to `path/{id}`; the answer replaces or joins the list. Throws on failure. */
  save: (body: unknown, id?: number) => Promise<T>
  /** DELETE `path/{id}` and drop it from the list. Throws on failure. */
  remove: (id: number) => Promise<void>
  /** Put a changed record in place (after a side action answered it). */
  replace: (item: T) => void
}

/**
 * A small admin list kept in memory: loaded from `listPath`, written through `path`. For the
 * CRUD screens whose lists are short (plans, helps, …); long lists page with VirtualTable instead.
 */
export function useCollection<T extends { id: number }>(
  path: string,
  listPath: string,
  errorListKey: string,
): Collection<T> {
  const api = useApi()
  const showError = useErrorToast()
  const [items, setItems] = useState<T[] | null>(null)

  const reload = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setItems(await api.get<T[]>(listPath, { signal }))
      } catch (err) {
        if (!signal?.aborted) {
          setItems((list) => list ?? [])
          showError(err, errorListKey)
        }
      }
    },
    [api, listPath, showError, errorListKey],
  )

  useEffect(() => {
    const ctrl = new AbortController()
    void reload(ctrl.signal)
    return () => ctrl.abort()
  }, [reload])

  const replace = useCallback(
    (item: T) => setItems((list) => list?.map((x) => (x.id === item.id ? item : x)) ?? list),
    [],
  )

  const save = useCallback(
    async (body: unknown, id?: number) => {
      const saved = id ? await api.put<T>(`${path}/${id}`, { body }) : await api.post<T>(path, { body })
      if (id) replace(saved)
      else setItems((list) => [...(list ?? []), saved])
      return saved
    },
    [api, path, replace],
  )

  const remove = useCallback(
    async (id: number) => {
      await api.delete(`${path}/${id}`)
      setItems((list) => list?.filter((x) => x.id !== id) ?? list)
    },
    [api, path],
  )

  return { items, setItems, reload, save, remove, replace }
}
