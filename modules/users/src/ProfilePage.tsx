import { useTranslation } from 'react-i18next'
import { ProfileForm } from './ProfileForm.tsx'
import './index.css'

/** /profile: the signed-in user's own data (the top bar's "edit own profile"). */
export default function ProfilePage() {
  const { t } = useTranslation()
  return (
    <section className="mx-auto w-full max-w-xl p-3 sm:p-6">
      <h1 className="text-xl font-semibold">{t('users.profilePage.title')}</h1>
      <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">{t('users.profilePage.subtitle')}</p>
      <div className="rounded-lg bg-white p-4 shadow sm:p-6 dark:bg-slate-800">
        <ProfileForm />
      </div>
    </section>
  )
}
