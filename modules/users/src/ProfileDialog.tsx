import { useTranslation } from 'react-i18next'
import { Dialog, type SlotDialogProps } from '@atende/ui'
import { ProfileForm } from './ProfileForm.tsx'
import './index.css'

/** The same form as /profile in a dialog, for the shell's profile menu (slot `profileDialog`). */
export default function ProfileDialog({ open, onClose }: SlotDialogProps) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={onClose} title={t('users.profilePage.title')}>
      {open && <ProfileForm onDone={onClose} onCancel={onClose} />}
    </Dialog>
  )
}
