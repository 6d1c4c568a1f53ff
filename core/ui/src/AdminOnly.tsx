import type { ReactNode } from 'react'
import { useSession } from '@atende/client'
import { ErrorCard } from './states.tsx'

export interface AdminOnlyProps {
  /** What anyone else reads instead (a typed-in URL gets words, not a refused request). */
  denied: string
  children: ReactNode
}

/** A screen for the company's admins and the super user only. */
export function AdminOnly({ denied, children }: AdminOnlyProps) {
  const { isAdmin, isSuper } = useSession()
  if (isAdmin || isSuper) return children
  return (
    <section className="p-6">
      <ErrorCard title={denied} />
    </section>
  )
}
