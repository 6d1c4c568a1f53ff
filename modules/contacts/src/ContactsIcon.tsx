/** An address-book card: the contacts menu item. */
export function ContactsIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <circle cx="12" cy="10" r="3" />
      <path d="M7.5 17a4.5 4.5 0 0 1 9 0" />
      <path d="M2 8h2M2 12h2M2 16h2" />
    </svg>
  )
}
