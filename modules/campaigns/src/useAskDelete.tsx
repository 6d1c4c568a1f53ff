import { toast, useConfirmDelete, useErrorMessage } from '@atende/ui'
import { isPlanDenied } from './access.tsx'

/** The words of a failed request: the translation of the server's code, else its own message. */
export const useErrorText = useErrorMessage

/**
 * Delete with confirmation on the campaign screens (`<ns>.confirm.*`, `<ns>.toasts.deleted`): the
 * kit's useConfirmDelete, but a refusal because the plan has no campaigns calls `onPlanDenied` (the
 * page turns into the no-access notice) and any other failure says the server's words.
 */
export function useAskDelete<T extends { id: number; name: string }>(o: {
  ns: string
  path: string
  onDeleted: (id: number) => void
  onPlanDenied?: () => void
}) {
  const message = useErrorText()
  return useConfirmDelete<T>({
    ns: o.ns,
    path: (row) => `${o.path}/${row.id}`,
    onDeleted: (row) => o.onDeleted(row.id),
    keys: { deleted: `${o.ns}.toasts.deleted` },
    onError: (err) => {
      if (o.onPlanDenied && isPlanDenied(err)) o.onPlanDenied()
      else toast.error(message(err))
      return true
    },
  })
}
