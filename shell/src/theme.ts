import { useEffect, useSyncExternalStore } from 'react'
import { STORAGE_KEYS } from '@atende/client'

export type Theme = 'light' | 'dark'
const media = () => window.matchMedia('(prefers-color-scheme: dark)')

/** Saved preference, else the system's. */
export function currentTheme(): Theme {
  const saved = localStorage.getItem(STORAGE_KEYS.theme)
  if (saved === 'light' || saved === 'dark') return saved
  return media().matches ? 'dark' : 'light'
}

const listeners = new Set<() => void>()
let theme: Theme = currentTheme()
function apply(next: Theme) {
  theme = next
  document.documentElement.classList.toggle('dark', next === 'dark')
  for (const l of listeners) l()
}

export function setTheme(next: Theme) {
  localStorage.setItem(STORAGE_KEYS.theme, next)
  apply(next)
}

export function useTheme(): [Theme, () => void] {
  const value = useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => {
        listeners.delete(l)
      }
    },
    () => theme,
  )
  useEffect(() => {
    // Follow the system while the user has not chosen.
    const mq = media()
    const onChange = () => {
      if (!localStorage.getItem(STORAGE_KEYS.theme)) apply(mq.matches ? 'dark' : 'light')
    }
    mq.addEventListener('change', onChange)
    return () => mq.removeEventListener('change', onChange)
  }, [])
  return [value, () => setTheme(value === 'dark' ? 'light' : 'dark')]
}

apply(theme)
