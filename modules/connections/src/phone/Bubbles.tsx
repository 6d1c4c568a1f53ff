import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cx, displayPhone } from '@atende/ui'
import { ticksOf, timeOf, type CustomerMessage, type OutboxMessage } from './chat.ts'
import { BanIcon, ClockIcon, FileIcon, PinIcon, TicksIcon } from './PhoneIcons.tsx'

const TICK_COLOUR = {
  sent: 'text-slate-500 dark:text-slate-400',
  delivered: 'text-slate-500 dark:text-slate-400',
  read: 'text-sky-500',
}

/** ✓ sent, ✓✓ delivered, blue ✓✓ read — named for screen readers. */
export function Ticks({ ack }: { ack: number }) {
  const { t } = useTranslation()
  const ticks = ticksOf(ack)
  return (
    <span
      role="img"
      aria-label={t(`connections.phone.ticks.${ticks}`)}
      title={t(`connections.phone.ticks.${ticks}`)}
      data-ticks={ticks}
      className={cx('inline-flex', TICK_COLOUR[ticks])}
    >
      <TicksIcon double={ticks !== 'sent'} className="h-3 w-4" />
    </span>
  )
}

/** An attachment: its kind and file name (the simulator keeps no bytes to show). */
export function MediaChip({ kind, fileName }: { kind: string; fileName: string }) {
  const { t } = useTranslation()
  return (
    <span
      data-testid="phone-media"
      className="mb-1 flex max-w-full items-center gap-2 rounded-md bg-black/5 px-2 py-1.5 text-xs dark:bg-white/10"
    >
      <FileIcon className="h-4 w-4 shrink-0" />
      <span className="min-w-0">
        <span className="block font-medium uppercase opacity-70">
          {t(`connections.phone.kinds.${kind}`, { defaultValue: kind })}
        </span>
        <span className="block truncate" title={fileName}>
          {fileName}
        </span>
      </span>
    </span>
  )
}

function ContactCard({ name, number }: { name: string; number: string }) {
  const { t } = useTranslation()
  return (
    <span
      data-testid="phone-contact"
      className="mb-1 flex items-center gap-2 rounded-md bg-black/5 p-2 text-sm dark:bg-white/10"
    >
      <span
        aria-hidden
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-300 font-semibold text-slate-700 dark:bg-slate-600 dark:text-slate-100"
      >
        {(name.trim()[0] ?? '?').toUpperCase()}
      </span>
      <span className="min-w-0">
        <span className="block text-xs uppercase opacity-70">{t('connections.phone.contactCard')}</span>
        <span className="block truncate font-medium">{name || displayPhone(number)}</span>
        <span className="block text-xs opacity-80">{displayPhone(number)}</span>
      </span>
    </span>
  )
}

function Shell({
  side,
  children,
  footer,
  testId,
}: {
  side: 'customer' | 'platform'
  children: ReactNode
  footer: ReactNode
  testId: string
}) {
  const { t } = useTranslation()
  const mine = side === 'customer'
  return (
    <li data-testid={testId} data-side={side} className={cx('flex', mine ? 'justify-end' : 'justify-start')}>
      <div
        className={cx(
          'max-w-[85%] rounded-lg px-2.5 py-1.5 text-sm shadow-sm',
          mine
            ? 'rounded-tr-none bg-[#d9fdd3] text-slate-900 dark:bg-[#005c4b] dark:text-slate-50'
            : 'rounded-tl-none bg-white text-slate-900 dark:bg-slate-700 dark:text-slate-50',
        )}
      >
        <span className="sr-only">{t(mine ? 'connections.phone.you' : 'connections.phone.platform')}: </span>
        {children}
        <div className="mt-0.5 flex items-center justify-end gap-1 text-[11px] text-slate-500 dark:text-slate-300">
          {footer}
        </div>
      </div>
    </li>
  )
}

const Body = ({ text }: { text: string }) => (text ? <p className="whitespace-pre-wrap break-words">{text}</p> : null)

/** What the customer sent from the panel: right, green, with its own delivery state. */
export function CustomerBubble({ message, onRetry }: { message: CustomerMessage; onRetry: () => void }) {
  const { t } = useTranslation()
  const footer = (
    <>
      <span>{timeOf(message.timestamp)}</span>
      {message.status === 'sending' && (
        <span role="img" aria-label={t('connections.phone.sending')} title={t('connections.phone.sending')}>
          <ClockIcon className="h-3 w-3" />
        </span>
      )}
      {message.status === 'sent' && <Ticks ack={1} />}
    </>
  )
  return (
    <Shell side="customer" testId="phone-customer-message" footer={footer}>
      {message.file && <MediaChip kind={message.file.kind} fileName={message.file.name} />}
      <Body text={message.body} />
      {message.status === 'failed' && (
        <p role="alert" className="mt-1 flex flex-wrap items-center gap-2 text-xs text-red-700 dark:text-red-300">
          <span>
            {t('connections.phone.failed')}
            {message.error ? `: ${message.error}` : ''}
          </span>
          <button
            type="button"
            onClick={onRetry}
            className="rounded border border-red-300 px-1.5 py-0.5 font-medium hover:bg-red-50 dark:hover:bg-red-950"
          >
            {t('connections.phone.resend')}
          </button>
        </p>
      )}
    </Shell>
  )
}

/** What the platform sent to the customer: left, with ticks and the edited/deleted marks. */
export function PlatformBubble({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation()
  const footer = (
    <>
      {message.edited && !message.deleted && (
        <span data-testid="phone-edited" className="italic">
          {t('connections.phone.edited')}
        </span>
      )}
      <span>{timeOf(message.timestamp)}</span>
      <Ticks ack={message.ack} />
    </>
  )
  if (message.deleted) {
    return (
      <Shell side="platform" testId="phone-platform-message" footer={footer}>
        <p data-testid="phone-deleted" className="flex items-center gap-1.5 italic text-slate-500 dark:text-slate-300">
          <BanIcon className="h-3.5 w-3.5" />
          {t('connections.phone.deleted')}
        </p>
      </Shell>
    )
  }
  const loc = message.location
  return (
    <Shell side="platform" testId="phone-platform-message" footer={footer}>
      {message.quotedId && (
        <p className="mb-1 border-l-4 border-emerald-500 bg-black/5 px-2 py-0.5 text-xs opacity-80 dark:bg-white/10">
          {t('connections.phone.reply')}
        </p>
      )}
      {message.media && <MediaChip kind={message.media.kind} fileName={message.media.fileName} />}
      {message.contact && <ContactCard name={message.contact.name} number={message.contact.number} />}
      {loc && (
        <span
          data-testid="phone-location"
          className="mb-1 flex items-center gap-2 rounded-md bg-black/5 px-2 py-1.5 text-xs dark:bg-white/10"
        >
          <PinIcon className="h-4 w-4 shrink-0" />
          <span>
            <span className="block font-medium">{loc.name || t('connections.phone.location')}</span>
            <span className="block opacity-80">
              {loc.latitude.toFixed(5)}, {loc.longitude.toFixed(5)}
            </span>
          </span>
        </span>
      )}
      {/* A contact card's body is its vCard: the card says it already. */}
      {!message.contact && <Body text={message.body} />}
    </Shell>
  )
}
