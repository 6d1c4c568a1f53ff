import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Button, TrashIcon, cx, inputClass, inputErrorClass, toast, useConfirmAction } from '@atende/ui'
import type { TicketNote } from '../types.ts'
import { dateTimeOf } from './timeline.ts'
import { useChatError } from './useChatError.ts'

/** A note is required, at least 2 characters. */
export const NOTE_MIN = 2
export const noteProblem = (note: string): 'required' | 'short' | null => {
  const n = note.trim()
  return !n ? 'required' : n.length < NOTE_MIN ? 'short' : null
}

/** The ticket's notes (GET /ticket-notes/list by ticket and contact): newest first, add and delete. */
export function TicketNotes({ ticketId, contactId }: { ticketId: number; contactId: number }) {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useChatError('chat.notes.loadError')
  const [notes, setNotes] = useState<TicketNote[]>([])
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const list = await api.get<TicketNote[]>('/ticket-notes/list', { params: { ticketId, contactId }, signal })
        setNotes([...list].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id))
      } catch (err) {
        if (!signal?.aborted) showError(err)
      }
    },
    [api, ticketId, contactId, showError],
  )

  useEffect(() => {
    const ctrl = new AbortController()
    void load(ctrl.signal)
    return () => ctrl.abort()
  }, [load])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const problem = noteProblem(text)
    if (problem) {
      setError(t(`chat.notes.${problem}`))
      return
    }
    setSaving(true)
    try {
      const note = await api.post<TicketNote>('/ticket-notes', { body: { note: text.trim(), ticketId, contactId } })
      setNotes((cur) => [note, ...cur.filter((n) => n.id !== note.id)])
      setText('')
      toast.success(t('chat.notes.added'))
    } catch (err) {
      showError(err, 'chat.notes.saveError')
    } finally {
      setSaving(false)
    }
  }

  const removal = useConfirmAction<TicketNote>({
    run: async (note) => {
      await api.delete(`/ticket-notes/${note.id}`)
      setNotes((cur) => cur.filter((n) => n.id !== note.id))
      toast.success(t('chat.notes.deleted'))
    },
    onError: (err) => showError(err, 'chat.notes.deleteError'),
    title: () => t('chat.notes.confirmDelete'),
    confirmLabel: t('chat.delete'),
    cancelLabel: t('chat.cancel'),
  })

  return (
    <section className="flex flex-col gap-2" data-testid="ticket-notes" aria-labelledby="ticket-notes-title">
      <h3 id="ticket-notes-title" className="text-sm font-semibold">
        {t('chat.notes.title')}
      </h3>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-2">
        <label htmlFor="ticket-note-input" className="sr-only">
          {t('chat.notes.placeholder')}
        </label>
        <textarea
          id="ticket-note-input"
          rows={3}
          value={text}
          placeholder={t('chat.notes.placeholder')}
          maxLength={5000}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'ticket-note-error' : undefined}
          onChange={(e) => {
            setText(e.target.value)
            setError(null)
          }}
          className={cx(inputClass, 'resize-none', error && inputErrorClass)}
        />
        {error && (
          <p id="ticket-note-error" role="alert" className="text-xs text-red-600 dark:text-red-400">
            {error}
          </p>
        )}
        <Button type="submit" loading={saving} className="self-end py-1.5">
          {t('chat.notes.add')}
        </Button>
      </form>
      <ul className="flex max-h-[200px] flex-col gap-2 overflow-y-auto" data-testid="ticket-notes-list">
        {!notes.length && <li className="text-xs text-slate-500 dark:text-slate-400">{t('chat.notes.empty')}</li>}
        {notes.map((n) => (
          <li key={n.id} className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-600">
            <p className="whitespace-pre-wrap break-words">{n.note}</p>
            <div className="mt-1 flex items-center justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
              <span>
                {n.user?.name ?? '—'} · {dateTimeOf(n.createdAt)}
              </span>
              <button
                type="button"
                onClick={() => removal.ask(n)}
                aria-label={t('chat.notes.delete')}
                title={t('chat.notes.delete')}
                className="rounded p-1 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950"
              >
                <TrashIcon className="h-3.5 w-3.5" />
              </button>
            </div>
          </li>
        ))}
      </ul>
      {removal.dialog}
    </section>
  )
}
