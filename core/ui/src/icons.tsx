import { Fragment, type ReactElement } from 'react'
/** Small inline icons shared by the shell and every module (drawer items, table actions). */
const base = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
}

export const EditIcon = ({ className }: { className?: string }) => (
  <svg {...base} className={className}>
    <path d="M12 20h9" />
    <path d="M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
  </svg>
)
export const TrashIcon = ({ className }: { className?: string }) => (
  <svg {...base} className={className}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6" />
  </svg>
)
export const SearchIcon = ({ className }: { className?: string }) => (
  <svg {...base} className={className}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
)

/**
 * An outline icon from its shapes, drawn like the kit's own (24-unit box, round joins, the text
 * colour): a string is a path's data, an element any other shape (`<rect …/>`). A module names its
 * icons in one line each instead of repeating the svg around them.
 */
export function strokeIcon(shapes: readonly (string | ReactElement)[], strokeWidth = 2) {
  const Icon = ({ className }: { className?: string }) => (
    <svg {...base} strokeWidth={strokeWidth} className={className}>
      {shapes.map((s, i) => (typeof s === 'string' ? <path key={i} d={s} /> : <Fragment key={i}>{s}</Fragment>))}
    </svg>
  )
  return Icon
}

/** One tick (sent) or two (delivered, read); the colour comes from the caller. */
export const TicksIcon = ({ double, className }: { double: boolean; className?: string }) => (
  <svg
    viewBox="0 0 18 12"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
    className={className}
  >
    {double ? (
      <>
        <path d="M1 6.5 4.5 10 11 2" />
        <path d="M7.5 9.5 8 10l6.5-8" />
      </>
    ) : (
      <path d="M3 6.5 6.5 10 13 2" />
    )}
  </svg>
)
