import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { isApiError, useApi, useSession } from '@atende/client'
import { Button, Dialog, displayPhone, toast } from '@atende/ui'
import type { Message, Ticket } from '../types.ts'
import { locationOf, vcardsOf } from './content.ts'
import { FileIcon, PhoneMissedIcon, PinIcon } from './icons.tsx'
import { useChatError } from './useChatError.ts'

/** Fetches a signed media URL and saves it under its name ('Erro ao baixar o arquivo.' otherwise). */
export async function downloadMedia(m: Pick<Message, 'mediaUrl' | 'mediaName'>, failMessage: string) {
  if (!m.mediaUrl) return
  try {
    const res = await fetch(m.mediaUrl)
    if (!res.ok) throw new Error(String(res.status))
    const url = URL.createObjectURL(await res.blob())
    const a = document.createElement('a')
    a.href = url
    a.download = m.mediaName || 'arquivo'
    document.body.appendChild(a)
    a.click()
    a.remove()
    setTimeout(() => URL.revokeObjectURL(url), 10_000)
  } catch (err) {
    console.error('[chat] download failed', err)
    toast.error(failMessage)
  }
}

function ImageMedia({ url, name, sticker }: { url: string; name: string; sticker?: boolean }) {
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mb-1 block overflow-hidden rounded-md"
        aria-label={t('chat.media.openImage')}
      >
        <img
          src={url}
          alt={name}
          loading="lazy"
          className={sticker ? 'h-32 w-32 object-contain' : 'max-h-72 w-full max-w-xs object-cover'}
        />
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} size="xl" title={name || t('chat.media.image')}>
        <img src={url} alt={name} className="mx-auto max-h-[75vh] max-w-full object-contain" />
      </Dialog>
    </>
  )
}

/** A contact card: its name and number, and a button that opens (or finds) a ticket with it. */
function VcardMedia({ body }: { body: string }) {
  const { t } = useTranslation()
  const api = useApi()
  const navigate = useNavigate()
  const { user } = useSession()
  const showError = useChatError()
  const [busy, setBusy] = useState(false)
  const cards = vcardsOf(body)
  if (!cards.length) return <p className="italic opacity-70">{t('chat.media.vcard')}</p>

  const talk = async (card: { name: string; number: string }) => {
    setBusy(true)
    try {
      let contactId: number
      try {
        contactId = (
          await api.post<{ id: number }>('/contacts', { body: { name: card.name || card.number, number: card.number } })
        ).id
      } catch (err) {
        const existing = isApiError(err) ? (err.data?.contact as { id?: number } | undefined)?.id : undefined
        if (!existing) throw err
        contactId = existing
      }
      try {
        const tk = await api.post<Ticket>('/tickets', { body: { contactId, status: 'open', userId: user?.id } })
        navigate(`/tickets/${tk.id}`)
      } catch (err) {
        const other = isApiError(err) && err.code === 'ERR_OTHER_OPEN_TICKET' ? Number(err.data?.ticketId) : 0
        if (!other) throw err
        navigate(`/tickets/${other}`)
      }
    } catch (err) {
      showError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {cards.map((c, i) => (
        <div
          key={`${c.number}-${i}`}
          data-testid="message-vcard"
          className="mb-1 flex min-w-48 flex-col gap-2 rounded-md bg-black/5 p-2 dark:bg-white/10"
        >
          <div>
            <p className="font-medium">{c.name || displayPhone(c.number)}</p>
            {c.number && <p className="text-xs opacity-80">{displayPhone(c.number)}</p>}
          </div>
          {c.number && (
            <Button variant="secondary" className="py-1 text-xs" loading={busy} onClick={() => void talk(c)}>
              {t('chat.media.talk')}
            </Button>
          )}
        </div>
      ))}
    </>
  )
}

/** The media part of a bubble; returns whether the body is already shown by it. */
export function MessageMedia({ message }: { message: Message }) {
  const { t } = useTranslation()
  const { mediaType: kind, mediaUrl: url, mediaName } = message
  const name = mediaName ?? ''
  if (kind === 'call_log') {
    return (
      <p className="flex items-center gap-2 text-red-600 dark:text-red-400">
        <PhoneMissedIcon className="h-4 w-4" />
        {t('chat.media.missedCall')}
      </p>
    )
  }
  if (kind === 'locationMessage') {
    const loc = locationOf(message.body)
    if (!loc) return null
    return (
      <a
        href={loc.url}
        target="_blank"
        rel="noreferrer"
        className="mb-1 flex items-center gap-2 rounded-md bg-black/5 px-2 py-1.5 text-xs underline dark:bg-white/10"
      >
        <PinIcon className="h-4 w-4 shrink-0" />
        <span>{loc.label}</span>
      </a>
    )
  }
  if (kind === 'vcard') return <VcardMedia body={message.body} />
  if (!url) return null
  if (kind === 'image') return <ImageMedia url={url} name={name} />
  if (kind === 'sticker') return <ImageMedia url={url} name={name} sticker />
  if (kind === 'audio') return <audio controls preload="none" src={url} className="mb-1 max-w-full" />
  if (kind === 'video')
    return <video controls preload="metadata" src={url} className="mb-1 max-h-72 max-w-xs rounded-md" />
  return (
    <a
      href={url}
      download={name || true}
      target="_blank"
      rel="noreferrer"
      className="mb-1 flex max-w-full items-center gap-2 rounded-md bg-black/5 px-2 py-1.5 text-xs dark:bg-white/10"
    >
      <FileIcon className="h-5 w-5 shrink-0" />
      <span className="min-w-0">
        <span className="block truncate font-medium" title={name}>
          {name || t('chat.media.document')}
        </span>
        <span className="block opacity-70">{t('chat.media.download')}</span>
      </span>
    </a>
  )
}

/** Whether the body is a part of the media already shown (a location, a card, a document's name). */
export function bodyShownByMedia(m: Message): boolean {
  if (m.mediaType === 'locationMessage' || m.mediaType === 'vcard' || m.mediaType === 'call_log') return true
  return !!m.mediaName && m.body === m.mediaName
}
