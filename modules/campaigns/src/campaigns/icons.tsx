import type { ReactNode } from 'react'

/** Icons of the campaign screens (24×24 stroked, like the kit's). */
const Svg = ({ className, children }: { className?: string; children: ReactNode }) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    className={className}
    aria-hidden
  >
    {children}
  </svg>
)

export const StopIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="10" />
    <rect x="9" y="9" width="6" height="6" />
  </Svg>
)
export const PlayIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <circle cx="12" cy="12" r="10" />
    <path d="M10 8.5v7l5.5-3.5z" />
  </Svg>
)
export const RestartIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M3 12a9 9 0 1 0 3-6.7" />
    <path d="M3 3v6h6" />
  </Svg>
)
export const ReportIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M3 3v18h18" />
    <path d="M7 15l4-4 3 3 5-6" />
  </Svg>
)
export const AttachIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5" />
  </Svg>
)
export const BackIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M19 12H5" />
    <path d="M12 19l-7-7 7-7" />
  </Svg>
)

export const actionClass =
  'rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-700'
export const dangerActionClass =
  'rounded-md p-2 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 disabled:opacity-40 dark:text-red-400 dark:hover:bg-red-950'
