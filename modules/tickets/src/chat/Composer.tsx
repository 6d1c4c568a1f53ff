import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type KeyboardEvent,
} from 'react'
import { useTranslation } from 'react-i18next'
import { useApi, useSession } from '@atende/client'
import { Switch, cx, toast } from '@atende/ui'
import type { Message, Ticket } from '../types.ts'
import {
  MAX_ROWS,
  cleanBody,
  extractMentions,
  formatBytes,
  insertMention,
  readSignPreference,
  signBody,
  splitBySize,
  writeSignPreference,
  type MessageLimits,
} from './compose.ts'
import { ContextBar, FilesBar } from './ComposerBars.tsx'
import { EmojiPicker } from './EmojiPicker.tsx'
import { ImageEditorDialog } from './image-editor/ImageEditorDialog.tsx'
import { SendContactDialog } from './SendContactDialog.tsx'
import { Suggestions } from './Suggestions.tsx'
import { useChatError } from './useChatError.ts'
import { useRecorder } from './useRecorder.ts'
import { useSuggestions } from './useSuggestions.ts'
import { ContactCardIcon, MicIcon, PaperclipIcon, SendIcon, StopIcon, CloseIcon } from './icons.tsx'

const UPLOAD_TIMEOUT_MS = 120_000
/** A refused file's toast stays long enough to read its name and the limit. */
const REFUSED_FILE_TOAST_MS = 6000

type Api = ReturnType<typeof useApi>
let limitsRequest: Promise<MessageLimits | null> | null = null
/**
 * What a send takes (GET /messages/limits: the server's media limit), asked once per page; a
 * failure is asked again at the next pick, and meanwhile files go up unchecked (the server still
 * refuses an oversized one).
 */
function messageLimits(api: Api): Promise<MessageLimits | null> {
  limitsRequest ??= api.get<MessageLimits>('/messages/limits').catch((err: unknown) => {
    console.warn('[tickets] message limits failed', err)
    limitsRequest = null
    return null
  })
  return limitsRequest
}
/** The textarea's line height and vertical padding (leading-5, py-2): it grows to MAX_ROWS lines. */
const LINE_PX = 20
const PAD_PX = 18
const iconBtn =
  'rounded-full p-2 text-slate-600 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 dark:text-slate-300 dark:hover:bg-slate-700'

/** The composer's round icon buttons: the label names them for screen readers and as tooltip. */
function RoundButton({
  label,
  className,
  ...rest
}: { label: string } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'title' | 'aria-label'>) {
  return <button type="button" className={cx(iconBtn, className)} aria-label={label} title={label} {...rest} />
}

export interface ComposerProps {
  ticket: Ticket
  replyTo: Message | null
  editing: Message | null
  participants: string[]
  onCancelContext: () => void
  onSent: (messages: Message[]) => void
}

/**
 * The message composer: only on open tickets; Enter sends, Shift+Enter breaks the
 * line; "/" suggests quick replies, "@" participants in groups; files, voice notes, emojis and
 * contact cards; the sign-message option. Replying quotes a message; editing PUTs it instead.
 */
export function Composer({ ticket, replyTo, editing, participants, onCancelContext, onSent }: ComposerProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const { user } = useSession()
  const showError = useChatError('chat.errors.send')
  const id = useId()
  const input = useRef<HTMLTextAreaElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const [text, setText] = useState('')
  const [caret, setCaret] = useState(0)
  const [files, setFiles] = useState<File[]>([])
  const [sending, setSending] = useState(false)
  const [sign, setSign] = useState(readSignPreference)
  const [contactOpen, setContactOpen] = useState(false)
  const [editIndex, setEditIndex] = useState<number | null>(null)
  const open = ticket.status === 'open'
  const sugg = useSuggestions(text, caret, ticket.isGroup, participants, open && !editing)

  // Grow with the text (wrapped lines too) up to 5 rows, then scroll.
  useLayoutEffect(() => {
    const el = input.current
    if (!el) return
    el.style.height = 'auto'
    el.style.height = `${Math.min(el.scrollHeight, MAX_ROWS * LINE_PX + PAD_PX)}px`
  }, [text])

  useEffect(() => {
    if (editing) {
      setText(editing.body)
      setFiles([])
      input.current?.focus()
    }
  }, [editing])
  useEffect(() => {
    if (replyTo) input.current?.focus()
  }, [replyTo])
  // The size limit is known before the first pick.
  useEffect(() => {
    if (open) void messageLimits(api)
  }, [api, open])

  /** Picked files join the message, except those over the server's limit: named in a toast, never uploaded. */
  const attach = async (list: File[]) => {
    const max = (await messageLimits(api))?.mediaMaxBytes ?? null
    const { kept, refused } = splitBySize(list, max)
    for (const f of refused)
      toast.error(
        t('chat.composer.fileTooLarge', {
          name: f.name,
          size: formatBytes(f.size, i18n.language),
          max: formatBytes(max!, i18n.language),
        }),
        REFUSED_FILE_TOAST_MS,
      )
    if (kept.length) setFiles((f) => [...f, ...kept])
  }

  // voiceNote: the recording, which the server converts to OGG/Opus and sends as push-to-talk.
  const postFiles = async (list: File[], body: string, voiceNote = false) => {
    const fd = new FormData()
    for (const f of list) fd.append('medias', f, f.name)
    fd.append('body', body)
    if (voiceNote) fd.append('voiceNote', 'true')
    const r = await api.post<{ messages: Message[] }>(`/messages/${ticket.id}`, {
      body: fd,
      timeoutMs: UPLOAD_TIMEOUT_MS,
    })
    onSent(r.messages ?? [])
  }

  const recorder = useRecorder(
    async (file) => {
      try {
        await postFiles([file], '', true)
      } catch (err) {
        showError(err)
      }
    },
    {
      onTooShort: () => toast.info(t('chat.composer.audioTooShort')),
      onDenied: (err) => {
        console.error(err)
        toast.error(t('chat.composer.micDenied'))
      },
    },
  )

  const reset = () => {
    setText('')
    setFiles([])
    setCaret(0)
    onCancelContext()
    input.current?.focus()
  }

  const submit = async () => {
    if (!open || sending) return
    const body = cleanBody(text)
    if (!body && !files.length) return
    setSending(true)
    try {
      if (editing) {
        if (!body) return
        onSent([await api.put<Message>(`/messages/${editing.id}`, { body: { body } })])
      } else if (files.length) {
        await postFiles(files, body ? signBody(body, user?.name, sign) : '')
      } else {
        const signed = signBody(body!, user?.name, sign)
        const mentions = ticket.isGroup ? extractMentions(body!, participants) : []
        const r = mentions.length
          ? await api.post<{ messages: Message[] }>(`/messages/${ticket.id}/mention`, {
              body: { text: signed, mentionedJids: mentions },
            })
          : await api.post<{ messages: Message[] }>(`/messages/${ticket.id}`, {
              body: { body: signed, ...(replyTo ? { quotedMsg: { id: replyTo.id } } : {}) },
            })
        onSent(r.messages ?? [])
      }
      reset()
    } catch (err) {
      showError(err)
    } finally {
      setSending(false)
    }
  }

  const pick = (i: number) => {
    if (sugg.kind === 'quick') {
      const q = sugg.quick[i]
      if (q) {
        setText(q.message)
        setCaret(q.message.length)
        // The message variables ({{firstName}}, {{protocol}}…) filled in by the server's one renderer,
        // unless the attendant has typed meanwhile.
        if (q.message.includes('{{'))
          void api
            .post<{ text: string }>(`/tickets/${ticket.id}/render`, { body: { text: q.message } })
            .then((r) => {
              setText((now) => (now === q.message ? r.text : now))
              setCaret(r.text.length)
            })
            .catch(() => {})
      }
    } else if (sugg.kind === 'mention') {
      const p = sugg.people[i]
      if (p) {
        const next = insertMention(text, caret, p)
        setText(next.text)
        setCaret(next.caret)
        requestAnimationFrame(() => input.current?.setSelectionRange(next.caret, next.caret))
      }
    }
    input.current?.focus()
  }

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.nativeEvent.isComposing) return
    if (sugg.visible) {
      const n = sugg.list.length
      if (e.key === 'ArrowDown') {
        e.preventDefault()
        sugg.setActive((a) => (a + 1) % n)
        return
      }
      if (e.key === 'ArrowUp') {
        e.preventDefault()
        sugg.setActive((a) => (a - 1 + n) % n)
        return
      }
      if (e.key === 'Enter' || e.key === 'Tab') {
        e.preventDefault()
        pick(sugg.active)
        return
      }
      if (e.key === 'Escape') {
        e.preventDefault()
        sugg.dismiss()
        return
      }
    }
    if (e.key === 'Escape' && (replyTo || editing)) {
      e.preventDefault()
      reset()
      return
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault()
      void submit()
    }
  }

  const insertEmoji = (emoji: string) => {
    const el = input.current
    const at = el ? el.selectionStart : text.length
    const end = el ? el.selectionEnd : text.length
    const next = text.slice(0, at) + emoji + text.slice(end)
    setText(next)
    requestAnimationFrame(() => {
      el?.focus()
      el?.setSelectionRange(at + emoji.length, at + emoji.length)
    })
  }

  const placeholder = !open
    ? t(ticket.status === 'pending' ? 'chat.composer.placeholderPending' : 'chat.composer.placeholderClosed')
    : ticket.isGroup
      ? t('chat.composer.placeholderGroup')
      : t('chat.composer.placeholder')
  const busy = sending || recorder.state === 'sending'
  const listId = `${id}-suggestions`

  return (
    <div
      className="@container border-t border-slate-200 bg-slate-50 pb-2 dark:border-slate-700 dark:bg-slate-800"
      data-testid="composer"
    >
      <ContextBar replyTo={replyTo} editing={editing} onCancel={reset} />
      <FilesBar
        files={files}
        onRemove={(i) => setFiles((f) => f.filter((_, j) => j !== i))}
        onEdit={busy ? undefined : setEditIndex}
      />
      {/* A narrow chat (the contact drawer open) puts the input on a row of its own above the tools. */}
      <div className="relative flex flex-wrap items-end gap-1 px-2 pt-2">
        {sugg.visible && (
          <Suggestions
            id={listId}
            items={sugg.list}
            active={sugg.active}
            onPick={pick}
            onHover={sugg.setActive}
            label={t(sugg.kind === 'quick' ? 'chat.composer.quickReplies' : 'chat.composer.mentions')}
            testId={sugg.kind === 'quick' ? 'quick-replies' : 'mentions'}
          />
        )}
        {recorder.state === 'idle' && (
          <>
            <EmojiPicker onPick={insertEmoji} disabled={!open || !!editing} />
            <RoundButton
              label={t('chat.composer.attach')}
              disabled={!open || !!editing || busy}
              onClick={() => fileInput.current?.click()}
            >
              <PaperclipIcon className="h-5 w-5" />
            </RoundButton>
            <input
              ref={fileInput}
              type="file"
              multiple
              hidden
              data-testid="composer-file"
              onChange={(e) => {
                const list = Array.from(e.target.files ?? [])
                e.target.value = ''
                if (list.length) void attach(list)
              }}
            />
            <RoundButton
              label={t('chat.composer.sendContact')}
              className="hidden sm:block"
              disabled={!open || !!editing || busy}
              onClick={() => setContactOpen(true)}
            >
              <ContactCardIcon className="h-5 w-5" />
            </RoundButton>
            <label htmlFor={`${id}-input`} className="sr-only">
              {t('chat.composer.label')}
            </label>
            <textarea
              id={`${id}-input`}
              ref={input}
              data-testid="composer-input"
              value={text}
              disabled={!open}
              readOnly={busy}
              placeholder={placeholder}
              rows={1}
              maxLength={65_536}
              role={sugg.visible ? 'combobox' : undefined}
              aria-expanded={sugg.visible || undefined}
              aria-controls={sugg.visible ? listId : undefined}
              aria-activedescendant={sugg.visible ? `${listId}-${sugg.active}` : undefined}
              onChange={(e) => {
                setText(e.target.value)
                setCaret(e.target.selectionStart)
              }}
              onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
              onKeyDown={onKeyDown}
              className="min-w-0 flex-1 resize-none @max-md:order-first @max-md:basis-full rounded-2xl border border-slate-300 bg-white px-3 py-2 text-sm leading-5 text-slate-900 placeholder:text-slate-400 focus:border-primary focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800"
            />
            <Switch
              className="hidden shrink-0 self-center md:flex"
              checked={sign}
              label={t('chat.composer.sign')}
              data-testid="composer-sign"
              onChange={(v) => {
                setSign(v)
                writeSignPreference(v)
              }}
              disabled={!open}
            />
            {!text.trim() && !files.length && !editing && (
              <RoundButton
                label={t('chat.composer.record')}
                disabled={!open || busy}
                onClick={() => void recorder.start()}
                data-testid="composer-record"
              >
                <MicIcon className="h-5 w-5" />
              </RoundButton>
            )}
          </>
        )}
        {recorder.state !== 'idle' && (
          <div className="flex flex-1 items-center gap-2 py-2 text-sm" role="status" data-testid="composer-recording">
            {recorder.state === 'recording' ? (
              <>
                <RoundButton label={t('chat.composer.discardAudio')} onClick={recorder.cancel}>
                  <CloseIcon className="h-5 w-5 text-red-600" />
                </RoundButton>
                <span aria-hidden className="h-3 w-3 animate-pulse rounded-full bg-red-600" />
                <span className="flex-1">{t('chat.composer.recording')}</span>
                <RoundButton label={t('chat.composer.sendAudio')} onClick={recorder.stop}>
                  <StopIcon className="h-5 w-5 text-green-700" />
                </RoundButton>
              </>
            ) : (
              <span className="flex-1 text-slate-500 dark:text-slate-400">{t('chat.composer.sendingAudio')}</span>
            )}
          </div>
        )}
        {recorder.state === 'idle' && (
          <RoundButton
            label={t(editing ? 'chat.composer.saveEdit' : 'chat.composer.send')}
            className="text-primary dark:text-sky-300"
            onClick={() => void submit()}
            data-testid="composer-send"
            disabled={!open || busy || (!cleanBody(text) && !files.length)}
          >
            <SendIcon className="h-5 w-5" />
          </RoundButton>
        )}
      </div>
      <ImageEditorDialog
        file={editIndex === null ? null : (files[editIndex] ?? null)}
        onClose={() => setEditIndex(null)}
        onSave={(edited) => {
          setFiles((f) => f.map((x, j) => (j === editIndex ? edited : x)))
          setEditIndex(null)
        }}
      />
      <SendContactDialog
        open={contactOpen}
        ticketId={ticket.id}
        onClose={() => setContactOpen(false)}
        onSent={onSent}
      />
    </div>
  )
}
