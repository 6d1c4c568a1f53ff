import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmDialog } from '@atende/ui'

/** The foot of a settings form: clear, delete (while editing), the form's own buttons, save. */
export function FormActions(p: {
  editing: boolean
  saving: boolean
  onClear: () => void
  onDelete: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={p.onClear}>
        {t('settings.actions.clear')}
      </Button>
      {p.editing && (
        <Button variant="danger" onClick={p.onDelete}>
          {t('settings.actions.delete')}
        </Button>
      )}
      {p.editing && p.children}
      <Button type="submit" loading={p.saving}>
        {t('settings.actions.save')}
      </Button>
    </div>
  )
}

/** The settings screens' one question before a delete. */
export function DeleteConfirm(p: { open: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <ConfirmDialog
      open={p.open}
      danger
      title={t('settings.confirm.title')}
      confirmLabel={t('settings.actions.delete')}
      cancelLabel={t('settings.actions.cancel')}
      onConfirm={p.onConfirm}
      onClose={p.onClose}
    >
      {t('settings.confirm.message')}
    </ConfirmDialog>
  )
}
