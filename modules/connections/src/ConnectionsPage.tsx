import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { usePermissions } from '@atende/client'
import { AdminOnly, Button, ConfirmDialog, EmptyState, Loading, toast, useErrorToast } from '@atende/ui'
import { ConnectionDialog } from './ConnectionDialog.tsx'
import { QrDialog } from './QrDialog.tsx'
import { PhonePanel } from './phone/PhonePanel.tsx'
import { ConnectionCards, ConnectionsTable, type ListProps } from './ConnectionsTable.tsx'
import type { Connection } from './types.ts'
import { useConnections } from './useConnections.ts'
import './index.css'

/** /connections: the company's WhatsApp connections and their sessions. */
export default function ConnectionsPage() {
  const { t } = useTranslation()
  return (
    <AdminOnly denied={t('connections.noPermission')}>
      <ConnectionsScreen />
    </AdminOnly>
  )
}

function ConnectionsScreen() {
  const { t } = useTranslation()
  const { items, save, remove } = useConnections()
  const permissions = usePermissions()
  const can = (p: string) => permissions.values.has(`connections-page:${p}`)
  const showError = useErrorToast('connections.deleteError')
  const [editing, setEditing] = useState<{ connection: Connection | null } | null>(null)
  const [deleting, setDeleting] = useState<Connection | null>(null)
  const [qrId, setQrId] = useState<number | null>(null)
  const [phoneId, setPhoneId] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)

  // The QR dialog follows the live row and closes once the code was scanned (or the row is gone).
  const qrConnection = items?.find((c) => c.id === qrId) ?? null
  useEffect(() => {
    if (qrId != null && items && qrConnection?.status !== 'qrcode') setQrId(null)
  }, [qrId, items, qrConnection?.status])

  const confirmDelete = async () => {
    if (!deleting) return
    setBusy(true)
    try {
      await remove(deleting.id)
      toast.success(t('connections.deleted'))
    } catch (err) {
      showError(err)
    } finally {
      setBusy(false)
      setDeleting(null)
    }
  }

  const listProps: ListProps = {
    items: items ?? [],
    session: can('actionButtons'),
    manage: can('editOrDeleteConnection'),
    onQr: (c) => setQrId(c.id),
    onPhone: (c) => setPhoneId(c.id),
    onEdit: (c) => setEditing({ connection: c }),
    onDelete: setDeleting,
  }

  return (
    <section className="flex flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="mr-auto text-xl font-semibold">{t('connections.title')}</h1>
        {can('addConnection') && (
          <Button onClick={() => setEditing({ connection: null })}>{t('connections.add')}</Button>
        )}
      </header>
      {items == null ? (
        <Loading />
      ) : items.length === 0 ? (
        <EmptyState title={t('connections.empty')} />
      ) : (
        <>
          <ConnectionsTable {...listProps} />
          <ConnectionCards {...listProps} />
        </>
      )}
      <ConnectionDialog editing={editing} onClose={() => setEditing(null)} save={save} />
      <QrDialog connection={qrConnection} onClose={() => setQrId(null)} />
      {/* The live row: a disconnect shows in the panel; a deleted row closes it. */}
      <PhonePanel connection={items?.find((c) => c.id === phoneId) ?? null} onClose={() => setPhoneId(null)} />
      <ConfirmDialog
        open={deleting != null}
        danger
        loading={busy}
        title={t('connections.confirm.title', { name: deleting?.name ?? '' })}
        confirmLabel={t('connections.confirm.yes')}
        cancelLabel={t('connections.confirm.no')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {t('connections.confirm.body')}
      </ConfirmDialog>
    </section>
  )
}
