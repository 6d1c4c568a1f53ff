/** Small icons of the simulator phone (stroke icons like @atende/ui's). */
import { strokeIcon } from '@atende/ui'

export { TicksIcon } from '@atende/ui'

/** A phone with a speech bubble: opens the simulator phone of a row. */
export const PhoneChatIcon = strokeIcon([
  <rect x="3" y="2" width="10" height="20" rx="2" />,
  'M7 18h2',
  'M15 7h6v5h-3l-3 2.5Z',
])
export const PaperclipIcon = strokeIcon([
  'm21 11-8.5 8.5a5 5 0 0 1-7-7L14 4a3.3 3.3 0 0 1 4.7 4.7L10.2 17a1.7 1.7 0 0 1-2.4-2.4L15.5 7',
])
export const SendIcon = strokeIcon(['M22 2 11 13', 'M22 2 15 22l-4-9-9-4Z'])
export const FileIcon = strokeIcon(['M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8Z', 'M14 2v6h6'])
export const PinIcon = strokeIcon(['M20 10c0 6-8 12-8 12S4 16 4 10a8 8 0 0 1 16 0Z', <circle cx="12" cy="10" r="3" />])
/** A circle with a bar: a deleted message. */
export const BanIcon = strokeIcon([<circle cx="12" cy="12" r="9" />, 'm5.7 5.7 12.6 12.6'])
export const ClockIcon = strokeIcon([<circle cx="12" cy="12" r="9" />, 'M12 7v5l3 2'])
