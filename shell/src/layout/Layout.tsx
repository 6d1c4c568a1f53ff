import { useEffect, useState } from 'react'
import { Outlet } from 'react-router-dom'
import type { SessionUser } from '@atende/client'
import { Drawer } from './Drawer.tsx'
import { TopBar } from './TopBar.tsx'
import { useWindowWidth } from './useWidth.ts'

const TEMPORARY_BELOW = 600
const OPEN_ABOVE = 1200

/** core.md §2 Layout: temporary drawer under 600 px, permanent otherwise, open by default above 1200 px. */
export function Layout({ user }: { user: SessionUser }) {
  const width = useWindowWidth()
  const temporary = width < TEMPORARY_BELOW
  const [open, setOpen] = useState(() => window.innerWidth > OPEN_ABOVE)
  useEffect(() => { if (temporary) setOpen(false) }, [temporary])

  return (
    <div className="flex h-screen flex-col">
      <TopBar user={user} drawerOpen={open} onToggleDrawer={() => setOpen((o) => !o)} />
      <div className="flex min-h-0 flex-1">
        <Drawer user={user} open={open} temporary={temporary} onNavigate={() => setOpen(false)} />
        <main className="min-w-0 flex-1 overflow-auto"><Outlet /></main>
      </div>
    </div>
  )
}
