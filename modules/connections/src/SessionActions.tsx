import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Button, useErrorToast } from '@atende/ui'
import type { Connection } from './types.ts'

/** The session button(s) of one row, by state. */
export function SessionActions({
  connection,
  onShowQr,
}: {
  connection: Connection
  onShowQr: (c: Connection) => void
}) {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast('connections.actionError')
  const [busy, setBusy] = useState<string | null>(null)
  const run = async (key: string, call: () => Promise<unknown>) => {
    setBusy(key)
    try {
      await call()
    } catch (err) {
      showError(err)
    } finally {
      setBusy(null)
    }
  }
  const path = `/whatsappsession/${connection.id}`
  const small = 'px-2.5 py-1 text-xs'

  switch (connection.status) {
    case 'qrcode':
      return (
        <Button className={small} onClick={() => onShowQr(connection)}>
          {t('connections.actions.qr')}
        </Button>
      )
    case 'DISCONNECTED':
      return (
        <div className="flex flex-wrap gap-1.5">
          <Button
            className={small}
            variant="secondary"
            loading={busy === 'retry'}
            onClick={() => run('retry', () => api.post(path))}
          >
            {t('connections.actions.retry')}
          </Button>
          <Button className={small} loading={busy === 'newQr'} onClick={() => run('newQr', () => api.put(path))}>
            {t('connections.actions.newQr')}
          </Button>
        </div>
      )
    case 'CONNECTED':
    case 'PAIRING':
    case 'TIMEOUT':
      return (
        <Button
          className={small}
          variant="secondary"
          loading={busy === 'disconnect'}
          onClick={() => run('disconnect', () => api.delete(path))}
        >
          {t('connections.actions.disconnect')}
        </Button>
      )
    case 'OPENING':
      return (
        <Button className={small} variant="secondary" loading disabled>
          {t('connections.actions.connecting')}
        </Button>
      )
    default:
      return null
  }
}
