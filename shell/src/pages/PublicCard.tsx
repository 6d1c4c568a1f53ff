import type { ReactNode } from 'react'
import { LanguageMenu } from '../layout/LanguageMenu.tsx'

/** Frame of the public pages: a centred card with the product name and the language menu. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-4 dark:bg-slate-900">
      <div className="w-full max-w-md rounded-xl bg-white p-8 shadow-md dark:bg-slate-800">
        <div className="mb-6 flex items-center justify-between">
          <span className="text-2xl font-bold text-primary dark:text-white">Atende</span>
          <LanguageMenu />
        </div>
        <h1 className="mb-4 text-xl font-semibold">{title}</h1>
        {children}
      </div>
    </main>
  )
}
