import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import QRCode from 'qrcode'
import { useApi } from '@atende/client'
import { Button, Dialog, Loading, useErrorToast } from '@atende/ui'
import type { Connection } from './types.ts'

const SIZE = 256

/**
 * The QR code of one connection. `connection` is the live row, so a new code is drawn
 * as the session sends it; the page closes the dialog when the session leaves the qrcode state.
 */
export function QrDialog({ connection, onClose }: { connection: Connection | null; onClose: () => void }) {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast('connections.actionError')
  const [scanning, setScanning] = useState(false)
  const code = connection?.qrcode ?? ''
  // A simulator connection has no phone to point at the code: its simulated phone "reads" it.
  const scan = async () => {
    if (!connection) return
    setScanning(true)
    try {
      await api.post(`/simulator/${connection.id}/scan`, { body: {} })
    } catch (err) {
      showError(err)
    } finally {
      setScanning(false)
    }
  }
  const [image, setImage] = useState<{ code: string; url: string } | null>(null)

  useEffect(() => {
    if (!code) return
    let alive = true
    QRCode.toDataURL(code, { width: SIZE, margin: 1 }).then(
      (url) => {
        if (alive) setImage({ code, url })
      },
      () => {
        if (alive) setImage(null)
      },
    )
    return () => {
      alive = false
    }
  }, [code])

  return (
    <Dialog open={connection != null} onClose={onClose} title={t('connections.qr.title')} size="sm">
      <div className="flex flex-col items-center gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('connections.qr.instructions')}</p>
        <div className="flex h-[256px] w-[256px] items-center justify-center rounded bg-white">
          {code && image?.code === code ? (
            <img
              src={image.url}
              width={SIZE}
              height={SIZE}
              alt={t('connections.qr.alt', { name: connection?.name ?? '' })}
              data-testid="connection-qr"
            />
          ) : code ? (
            <Loading />
          ) : (
            <p className="text-sm text-slate-500 dark:text-slate-400">{t('connections.qr.waiting')}</p>
          )}
        </div>
        {connection?.provider === 'simulator' && code && (
          <Button variant="secondary" loading={scanning} onClick={scan}>
            {t('connections.qr.simulateScan')}
          </Button>
        )}
      </div>
    </Dialog>
  )
}
