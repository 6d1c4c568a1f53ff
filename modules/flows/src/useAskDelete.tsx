import { useTranslation } from 'react-i18next'
import { useConfirmDelete, useErrorMessage } from '@atende/ui'
import { fail } from './access.tsx'

/** The words of a failed request: the translation of the server's code, else its own message. */
export const useErrorText = useErrorMessage

/**
 * Delete with confirmation on the flow screens (`<ns>.confirm.*`, `<ns>.deleted`): the kit's
 * useConfirmDelete, with 'Cancel' from flowsCommon and a failure saying `<ns>.deleteError` and then
 * the server's words.
 */
export function useAskDelete<T extends { id: number; name: string }>(
  ns: string,
  path: string,
  onDeleted: (id: number) => void,
) {
  const { t } = useTranslation()
  const message = useErrorText()
  return useConfirmDelete<T>({
    ns,
    path: (row) => `${path}/${row.id}`,
    onDeleted: (row) => onDeleted(row.id),
    keys: { no: 'flowsCommon.cancel' },
    onError: (err) => {
      fail(`${t(`${ns}.deleteError`)} ${message(err)}`)
      return true
    },
  })
}
