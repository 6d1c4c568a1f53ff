import { memo } from 'react'
import { cx } from '@atende/ui'

const COLORS = ['bg-sky-600', 'bg-emerald-600', 'bg-violet-600', 'bg-amber-600', 'bg-rose-600', 'bg-teal-600', 'bg-indigo-600', 'bg-fuchsia-600']

/** Up to two initials: first and last word. */
export function initials(name: string): string {
  const all = name.trim().split(/\s+/).filter(Boolean)
  // 'Bulk 01' → 'B': words that start with a letter make better initials than numbers.
  const lettered = all.filter((w) => /^\p{L}/u.test(w))
  const words = lettered.length ? lettered : all
  if (!words.length) return '?'
  const first = words[0]!.charAt(0)
  const last = words.length > 1 ? words[words.length - 1]!.charAt(0) : ''
  return (first + last).toUpperCase()
}

function colorOf(name: string): string {
  let h = 0
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0
  return COLORS[Math.abs(h) % COLORS.length]!
}

/** The user's picture, or their initials on a colour derived from the name. */
export const Avatar = memo(function Avatar({ name, picture, size = 'md' }: { name: string; picture?: string | null; size?: 'md' | 'lg' }) {
  const box = size === 'lg' ? 'h-20 w-20 text-2xl' : 'h-9 w-9 text-sm'
  if (picture) return <img src={picture} alt="" className={cx(box, 'shrink-0 rounded-full object-cover')} />
  return (
    <span aria-hidden className={cx(box, colorOf(name), 'flex shrink-0 items-center justify-center rounded-full font-semibold text-white')}>
      {initials(name)}
    </span>
  )
})
