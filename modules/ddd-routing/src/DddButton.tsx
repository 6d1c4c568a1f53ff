import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useDdds } from './store.ts'
import { DddDialog } from './DddDialog.tsx'

const PinIcon = () => (
  <svg className="h-4 w-4" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </svg>
)

/** `users.actions`: the row's button opening the user's DDD dialog, only with DDD routing on. */
export function DddButton({ user }: { user?: { id: number; name: string } }) {
  const { t } = useTranslation()
  const { enabled } = useDdds()
  const [open, setOpen] = useState(false)
  if (!enabled || !user) return null
  const label = t('dddRouting.configure', { name: user.name })
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={label}
        title={label}
        data-testid={`user-ddd-${user.id}`}
        className="rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:text-slate-300 dark:hover:bg-slate-700"
      >
        <PinIcon />
      </button>
      {open && <DddDialog user={user} onClose={() => setOpen(false)} />}
    </>
  )
}
