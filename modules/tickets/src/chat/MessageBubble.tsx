import { memo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cx, displayPhone, WhatsAppText } from '@atende/ui'
import type { Message, QuotedMessage } from '../types.ts'
import { bodyShownByMedia, MessageMedia } from './MessageMedia.tsx'
import { tickKind, timeOf } from './timeline.ts'
import { AlertIcon, BanIcon, ChevronDownIcon, ClockIcon, TicksIcon } from './icons.tsx'

export type MessageAction = 'reply' | 'edit' | 'delete' | 'download' | 'forward'

const TICK_CLASS = {
  pending: 'text-slate-500 dark:text-slate-400',
  sent: 'text-slate-500 dark:text-slate-300',
  delivered: 'text-slate-500 dark:text-slate-300',
  read: 'text-sky-500',
  failed: 'text-red-600',
}

function Ticks({ message }: { message: Message }) {
  const { t } = useTranslation()
  const kind = tickKind(message)
  const label =
    kind === 'failed'
      ? `${t('chat.ticks.failed')}${message.sendError ? `: ${message.sendError}` : ''}`
      : t(`chat.ticks.${kind}`)
  return (
    <span role="img" aria-label={label} title={label} data-ticks={kind} className={cx('inline-flex', TICK_CLASS[kind])}>
      {kind === 'pending' ? (
        <ClockIcon className="h-3 w-3" />
      ) : kind === 'failed' ? (
        <AlertIcon className="h-3.5 w-3.5" />
      ) : (
        <TicksIcon double={kind !== 'sent'} className="h-3 w-4" />
      )}
    </span>
  )
}

/** The actions a message offers: media can be downloaded, own text messages edited, own ones deleted. */
export function actionsFor(m: Message, canWrite: boolean): MessageAction[] {
  if (m.isDeleted) return []
  const out: MessageAction[] = []
  if (canWrite) out.push('reply')
  if (canWrite && m.fromMe && !m.mediaType && m.sendStatus !== 'failed') out.push('edit')
  if (canWrite && m.fromMe) out.push('delete')
  if (m.mediaUrl) out.push('download')
  out.push('forward')
  return out
}

function Menu({ actions, onAction }: { actions: MessageAction[]; onAction: (a: MessageAction) => void }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState<false | 'down' | 'up'>(false)
  if (!actions.length) return null
  // Near the bottom of the window the menu opens upwards, so it is not cut by the scrolled list.
  const toggle = (e: { currentTarget: HTMLElement }) => {
    const bottom = e.currentTarget.getBoundingClientRect().bottom
    setOpen((o) => (o ? false : window.innerHeight - bottom < 220 ? 'up' : 'down'))
  }
  return (
    <div
      className="absolute right-1 top-1"
      onKeyDown={(e) => {
        if (e.key === 'Escape') setOpen(false)
      }}
    >
      <button
        type="button"
        aria-label={t('chat.menu.open')}
        aria-haspopup="menu"
        aria-expanded={!!open}
        data-testid="message-menu"
        onClick={toggle}
        className="rounded-full bg-white/80 p-0.5 text-slate-500 opacity-0 shadow-sm transition-opacity group-hover:opacity-100 focus:opacity-100 dark:bg-slate-800/80 dark:text-slate-300"
      >
        <ChevronDownIcon className="h-4 w-4" />
      </button>
      {open && (
        <>
          <div className="fixed inset-0 z-10" onClick={() => setOpen(false)} aria-hidden />
          <ul
            role="menu"
            className={cx(
              'absolute right-0 z-20 w-40 rounded-md border border-slate-200 bg-white py-1 text-sm text-slate-800 shadow-lg dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100',
              open === 'up' ? 'bottom-full mb-1' : 'mt-1',
            )}
          >
            {actions.map((a) => (
              <li key={a} role="none">
                <button
                  type="button"
                  role="menuitem"
                  data-testid={`message-${a}`}
                  onClick={() => {
                    setOpen(false)
                    onAction(a)
                  }}
                  className="block w-full px-3 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-700"
                >
                  {t(`chat.menu.${a}`)}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  )
}

/** The body with WhatsApp's formatting and clickable links (the kit's renderer: elements, never HTML). */
function Body({ text }: { text: string }) {
  return (
    <p className="whitespace-pre-wrap break-words pr-4">
      <WhatsAppText text={text} links linkClassName="text-sky-700 underline dark:text-sky-300" />
    </p>
  )
}

export interface MessageBubbleProps {
  message: Message
  /** The quoted message: the server's, or the loaded one when a live frame carried only its id. */
  quoted: QuotedMessage | null
  showParticipant: boolean
  highlighted: boolean
  canWrite: boolean
  /** false in read-only views: no menu at all. */
  interactive: boolean
  onAction: (action: MessageAction, message: Message) => void
  onJump: (messageId: number) => void
}

/** One bubble: right for fromMe, left for the customer; memoised so a live frame re-renders one row. */
export const MessageBubble = memo(function MessageBubble({
  message: m,
  quoted,
  showParticipant,
  highlighted,
  canWrite,
  interactive,
  onAction,
  onJump,
}: MessageBubbleProps) {
  const { t } = useTranslation()
  const mine = m.fromMe
  const q = quoted
  const quotedId = q?.id ?? m.quotedMsgId
  return (
    <li
      data-testid="message"
      data-message-id={m.id}
      data-from-me={mine}
      data-ack={m.ack}
      id={`message-${m.id}`}
      className={cx('flex px-3 py-0.5', mine ? 'justify-end' : 'justify-start')}
    >
      <div
        className={cx(
          'group relative max-w-[75%] min-w-24 rounded-lg px-2.5 py-1.5 text-sm shadow-sm transition-shadow',
          mine
            ? 'rounded-tr-none bg-[#d9fdd3] text-slate-900 dark:bg-[#005c4b] dark:text-slate-50'
            : 'rounded-tl-none bg-white text-slate-900 dark:bg-slate-700 dark:text-slate-50',
          highlighted && 'ring-4 ring-amber-400',
        )}
      >
        {showParticipant && m.participant && (
          <p className="mb-0.5 text-xs font-semibold text-teal-700 dark:text-teal-300">
            {displayPhone(m.participant.split('@')[0] ?? '')}
          </p>
        )}
        {m.isDeleted ? (
          <p className="flex items-center gap-1.5 pr-8 italic text-slate-500 dark:text-slate-300">
            <BanIcon className="h-3.5 w-3.5" />
            {t('chat.deleted')}
          </p>
        ) : (
          <>
            {quotedId != null && (
              <button
                type="button"
                onClick={() => onJump(quotedId)}
                data-testid="quoted-message"
                className={cx(
                  'mb-1 block w-full rounded border-l-4 bg-black/5 px-2 py-1 text-left text-xs dark:bg-white/10',
                  q?.fromMe ? 'border-emerald-600' : 'border-sky-600',
                )}
              >
                <span className="block font-semibold opacity-80">
                  {!q ? t('chat.quoted') : q.fromMe ? t('chat.you') : t('chat.contact')}
                </span>
                {q && (
                  <span className="line-clamp-3 whitespace-pre-wrap break-words opacity-80">
                    {q.isDeleted ? (
                      t('chat.deleted')
                    ) : q.body ? (
                      <WhatsAppText text={q.body} />
                    ) : q.mediaType ? (
                      t(`chat.kinds.${q.mediaType}`, { defaultValue: q.mediaType })
                    ) : (
                      ''
                    )}
                  </span>
                )}
              </button>
            )}
            <MessageMedia message={m} />
            {m.body && !bodyShownByMedia(m) && <Body text={m.body} />}
          </>
        )}
        <div className="mt-0.5 flex items-center justify-end gap-1 text-[11px] text-slate-500 dark:text-slate-300">
          {m.isEdited && !m.isDeleted && (
            <span data-testid="message-edited" className="italic">
              {t('chat.edited')}
            </span>
          )}
          <span>{timeOf(m.createdAt)}</span>
          {mine && <Ticks message={m} />}
        </div>
        {interactive && <Menu actions={actionsFor(m, canWrite)} onAction={(a) => onAction(a, m)} />}
      </div>
    </li>
  )
})
