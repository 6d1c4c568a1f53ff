import { memo } from 'react'
import { cx } from './cx.ts'

const COLORS = [
  'bg-sky-700',
  'bg-emerald-700',
  'bg-violet-600',
  'bg-amber-700',
  'bg-rose-700',
  'bg-teal-700',
  'bg-indigo-600',
  'bg-fuchsia-700',
]
const SIZES = { sm: 'h-7 w-7 text-xs', md: 'h-9 w-9 text-sm', lg: 'h-20 w-20 text-2xl' } as const

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

/** A stable background for a name, so the same person keeps the same colour. */
export function avatarColor(name: string): string {
  let h = 0
  for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) | 0
  return COLORS[Math.abs(h) % COLORS.length]!
}

export interface AvatarProps {
  name: string
  picture?: string | null
  size?: keyof typeof SIZES
  className?: string
}

/** The picture, or the initials on a colour derived from the name. Decorative: the name is shown next to it. */
export const Avatar = memo(function Avatar({ name, picture, size = 'md', className }: AvatarProps) {
  const box = SIZES[size]
  if (picture) return <img src={picture} alt="" className={cx(box, 'shrink-0 rounded-full object-cover', className)} />
  return (
    <span
      aria-hidden
      className={cx(
        box,
        avatarColor(name),
        'flex shrink-0 items-center justify-center rounded-full font-semibold text-white',
        className,
      )}
    >
      {initials(name)}
    </span>
  )
})
