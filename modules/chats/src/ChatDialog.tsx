import { useEffect, useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, isApiError, useApi, useSession } from '@atende/client'
import { Button, Dialog, TextField, toast, UsersSelect, useUserChoices } from '@atende/ui'
import type { Chat } from './types.ts'

export const TITLE_MAX = 100

export interface ChatDialogProps {
  open: boolean
  /** null: a new chat. */
  chat: Chat | null
  onClose: () => void
  onSaved: (chat: Chat) => void
}

type Field = 'title' | 'users'

/** New / edit chat: a title and at least one other user of the company. */
export function ChatDialog({ open, chat, onClose, onSaved }: ChatDialogProps) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const { user } = useSession()
  const me = user?.id ?? 0
  const formId = useId()
  const users = useUserChoices(open)
  const [title, setTitle] = useState('')
  const [members, setMembers] = useState<number[]>([])
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (!open) return
    setTitle(chat?.title ?? '')
    setMembers(chat ? chat.users.map((u) => u.userId).filter((id) => id !== me) : [])
    setErrors({})
  }, [open, chat, me])

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const found: Partial<Record<Field, string>> = {}
    if (!title.trim()) found.title = t('chats.validation.title')
    if (!members.length) found.users = t('chats.validation.users')
    setErrors(found)
    if (found.title || found.users) return
    setBusy(true)
    try {
      const body = { title: title.trim(), users: members }
      const saved = chat ? await api.put<Chat>(`/chats/${chat.id}`, { body }) : await api.post<Chat>('/chats', { body })
      onSaved(saved)
      onClose()
    } catch (err) {
      const message = errorMessage(err, t, { exists: (k: string) => i18n.exists(k) })
      const field = isApiError(err) && err.field ? err.field.split('.')[0] : undefined
      if (field === 'title' || field === 'users') setErrors({ [field]: message })
      else toast.error(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!busy) onClose()
      }}
      title={chat ? t('chats.form.editTitle') : t('chats.form.newTitle')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('chats.form.cancel')}
          </Button>
          <Button type="submit" form={formId} loading={busy} data-testid="chat-save">
            {t('chats.form.save')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('chats.form.title')}
          value={title}
          maxLength={TITLE_MAX}
          autoFocus
          onChange={(v) => {
            setTitle(v)
            setErrors((x) => ({ ...x, title: undefined }))
          }}
          error={errors.title}
        />
        <UsersSelect
          texts={{ none: t('chats.form.usersNone'), loading: t('chats.loading'), empty: t('chats.form.noUsers') }}
          label={t('chats.form.users')}
          users={users && users.filter((u) => u.id !== me)}
          value={members}
          onChange={(ids) => {
            setMembers(ids)
            setErrors((x) => ({ ...x, users: undefined }))
          }}
        />
        {errors.users && (
          <p role="alert" className="text-xs text-red-600 dark:text-red-400">
            {errors.users}
          </p>
        )}
      </form>
    </Dialog>
  )
}
