import { strokeIcon } from '@atende/ui'

/** Icons of the campaign and contact-list screens, drawn like the kit's. */
const ring = <circle cx="12" cy="12" r="10" />
const tray = 'M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4'

export const StopIcon = strokeIcon([ring, <rect x="9" y="9" width="6" height="6" />])
export const PlayIcon = strokeIcon([ring, 'M10 8.5v7l5.5-3.5z'])
export const RestartIcon = strokeIcon(['M3 12a9 9 0 1 0 3-6.7', 'M3 3v6h6'])
export const ReportIcon = strokeIcon(['M3 3v18h18', 'M7 15l4-4 3 3 5-6'])
export const AttachIcon = strokeIcon([
  'M21.4 11.1l-9.2 9.2a6 6 0 0 1-8.5-8.5l9.2-9.2a4 4 0 0 1 5.7 5.7l-9.2 9.2a2 2 0 0 1-2.8-2.8l8.5-8.5',
])
export const BackIcon = strokeIcon(['M19 12H5', 'M12 19l-7-7 7-7'])
export const DownloadIcon = strokeIcon([tray, 'M7 10l5 5 5-5', 'M12 15V3'])
export const UploadIcon = strokeIcon([tray, 'M17 8l-5-5-5 5', 'M12 3v12'])
export const PeopleIcon = strokeIcon([
  'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2',
  <circle cx="9" cy="7" r="4" />,
  'M22 21v-2a4 4 0 0 0-3-3.87',
  'M16 3.13a4 4 0 0 1 0 7.75',
])
export const ValidIcon = strokeIcon([ring, 'M8 12l3 3 5-6'])
export const InvalidIcon = strokeIcon([ring, 'M15 9l-6 6', 'M9 9l6 6'])
export const UncheckedIcon = strokeIcon([ring, 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3', 'M12 17h.01'])

export const actionClass =
  'rounded-md p-2 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary disabled:opacity-40 dark:text-slate-300 dark:hover:bg-slate-700'
export const dangerActionClass =
  'rounded-md p-2 text-red-600 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-500 disabled:opacity-40 dark:text-red-400 dark:hover:bg-red-950'
