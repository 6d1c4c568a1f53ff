/** The chat's small stroke icons (like @atende/ui's): decorative, the button names itself. */
import { strokeIcon } from '@atende/ui'

export { TicksIcon } from '@atende/ui'

export const SendIcon = strokeIcon(['M22 2 11 13', 'M22 2 15 22l-4-9-9-4Z'])
export const PaperclipIcon = strokeIcon([
  'm21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.3 3.3 0 0 1 4.7 4.7L10.2 17a1.7 1.7 0 0 1-2.4-2.4L15.5 7',
])
export const MicIcon = strokeIcon([
  <rect x="9" y="2" width="6" height="12" rx="3" />,
  'M5 10a7 7 0 0 0 14 0',
  'M12 17v5',
])
export const SmileIcon = strokeIcon([<circle cx="12" cy="12" r="9" />, 'M8 14s1.5 2 4 2 4-2 4-2', 'M9 9h.01M15 9h.01'])
export const ContactCardIcon = strokeIcon([
  <rect x="3" y="4" width="18" height="16" rx="2" />,
  <circle cx="9" cy="11" r="2.5" />,
  'M5.5 17c.8-1.8 2-2.5 3.5-2.5s2.7.7 3.5 2.5',
  'M15 9h3M15 13h3',
])
export const CloseIcon = strokeIcon(['M18 6 6 18M6 6l12 12'])
export const ChevronDownIcon = strokeIcon(['m6 9 6 6 6-6'])
export const FileIcon = strokeIcon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8Z', 'M14 2v6h6'])
export const PinIcon = strokeIcon(['M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0Z', <circle cx="12" cy="10" r="3" />])
export const PhoneMissedIcon = strokeIcon([
  'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9',
  'm16 2 6 6M22 2l-6 6',
])
export const BanIcon = strokeIcon([<circle cx="12" cy="12" r="9" />, 'm5.7 5.7 12.6 12.6'])
export const ClockIcon = strokeIcon([<circle cx="12" cy="12" r="9" />, 'M12 7v5l3 2'])
export const AlertIcon = strokeIcon([<circle cx="12" cy="12" r="9" />, 'M12 8v4M12 16h.01'])
export const InfoIcon = strokeIcon([<circle cx="12" cy="12" r="9" />, 'M12 16v-4M12 8h.01'])
export const StopIcon = strokeIcon([<rect x="6" y="6" width="12" height="12" rx="2" />])
export const DownloadIcon = strokeIcon(['M12 3v12M7 10l5 5 5-5M5 21h14'])
/** The chat header's actions, drawn alone when the header is narrow (the label stays for screen readers). */
export const CheckIcon = strokeIcon(['M5 12.5 10 17 19 7'])
export const CheckCircleIcon = strokeIcon([<circle cx="12" cy="12" r="9" />, 'm8 12.5 3 3 5-6'])
export const ReturnIcon = strokeIcon(['M9 14 4 9l5-5', 'M4 9h10.5a5.5 5.5 0 0 1 0 11H11'])
export const TransferIcon = strokeIcon(['M4 7h15M15 3l4 4-4 4', 'M20 17H5M9 13l-4 4 4 4'])
export const ReopenIcon = strokeIcon(['M3 12a9 9 0 1 0 2.6-6.4L3 8', 'M3 3v5h5'])
