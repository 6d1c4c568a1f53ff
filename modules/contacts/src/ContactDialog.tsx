import { useTranslation } from 'react-i18next'
import { Dialog } from '@atende/ui'
import { ContactForm } from './ContactForm.tsx'
import type { Contact } from './types.ts'
import type { ContactFormValues } from './validation.ts'

export interface ContactDialogProps {
  open: boolean
  /** Edit this contact; null: add one. */
  contactId: number | null
  /** Prefilled values when adding. */
  initial?: Partial<ContactFormValues>
  onClose: () => void
  onSaved: (contact: Contact) => void
}

/** The add/edit contact modal. */
export function ContactDialog({ open, contactId, initial, onClose, onSaved }: ContactDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={contactId ? t('contacts.dialog.editTitle') : t('contacts.dialog.addTitle')}
    >
      <div className="max-h-[75vh] overflow-y-auto px-1 pb-1">
        <ContactForm
          active={open}
          contactId={contactId}
          initial={initial}
          onCancel={onClose}
          onSaved={(c) => {
            onSaved(c)
            onClose()
          }}
        />
      </div>
    </Dialog>
  )
}
