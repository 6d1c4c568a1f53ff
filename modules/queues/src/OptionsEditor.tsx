import { useCallback, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useApi } from '@atende/client'
import { Button, TextField, cx, inputClass, useErrorToast } from '@atende/ui'
import { MESSAGE_MAX, OPTION_TITLE_MAX, type QueueOption } from './types.ts'

/**
 * The queue's chatbot menu tree (its queue options): options under the queue
 * (parentId -1) or under another option, each with its number, title and message. Every change is
 * saved at once through /api/queue-options; the tree is the whole queue's options, loaded in one call.
 */
export function OptionsEditor({ queueId }: { queueId: number }) {
  const { t } = useTranslation()
  const api = useApi()
  const showError = useErrorToast()
  const [options, setOptions] = useState<QueueOption[] | null>(null)

  const reload = useCallback(async () => {
    try {
      setOptions(await api.get<QueueOption[]>(`/queue-options?queueId=${queueId}`))
    } catch (err) {
      setOptions([])
      showError(err, 'queues.options.loadError')
    }
  }, [api, queueId, showError])
  useEffect(() => {
    void reload()
  }, [reload])

  const run = async (work: () => Promise<unknown>) => {
    try {
      await work()
      await reload()
    } catch (err) {
      showError(err, 'queues.options.saveError')
    }
  }
  const add = (parentId: number, title: string, message: string) =>
    run(() => api.post('/queue-options', { body: { queueId, parentId, title, message } }))
  const update = (o: QueueOption, patch: Partial<QueueOption>) =>
    run(() => api.put(`/queue-options/${o.id}`, { body: patch }))
  const remove = (o: QueueOption) => run(() => api.delete(`/queue-options/${o.id}`))

  if (options === null) return <p className="text-sm text-slate-500 dark:text-slate-400">{t('queues.loading')}</p>
  return (
    <div className="flex flex-col gap-2" data-testid="options-editor">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('queues.options.hint')}</p>
      <Level options={options} parentId={-1} path="" onAdd={add} onUpdate={update} onRemove={remove} />
    </div>
  )
}

interface LevelProps {
  options: QueueOption[]
  parentId: number
  path: string
  onAdd: (parentId: number, title: string, message: string) => Promise<void>
  onUpdate: (o: QueueOption, patch: Partial<QueueOption>) => Promise<void>
  onRemove: (o: QueueOption) => Promise<void>
}

function Level({ options, parentId, path, onAdd, onUpdate, onRemove }: LevelProps) {
  const { t } = useTranslation()
  const [title, setTitle] = useState('')
  const [message, setMessage] = useState('')
  const here = options.filter((o) => o.parentId === parentId).sort((a, b) => a.option - b.option || a.id - b.id)
  const submit = async () => {
    if (!title.trim()) return
    await onAdd(parentId, title.trim(), message)
    setTitle('')
    setMessage('')
  }
  return (
    <ul
      className={cx(
        'flex flex-col gap-2',
        parentId !== -1 && 'ml-4 border-l border-slate-200 pl-3 dark:border-slate-700',
      )}
    >
      {here.map((o) => (
        <Node
          key={o.id}
          option={o}
          options={options}
          path={`${path}${o.option}.`}
          onAdd={onAdd}
          onUpdate={onUpdate}
          onRemove={onRemove}
        />
      ))}
      <li className="flex flex-wrap items-end gap-2" data-testid={`option-add-${parentId}`}>
        <TextField
          label={parentId === -1 ? t('queues.options.newTitle') : t('queues.options.newSubTitle')}
          value={title}
          onChange={setTitle}
          maxLength={OPTION_TITLE_MAX}
          className="min-w-40 flex-1"
        />
        <TextField
          label={t('queues.options.message')}
          value={message}
          onChange={setMessage}
          maxLength={MESSAGE_MAX}
          className="min-w-40 flex-1"
        />
        <Button variant="secondary" onClick={() => void submit()} disabled={!title.trim()}>
          {t('queues.options.add')}
        </Button>
      </li>
    </ul>
  )
}

function Node({
  option,
  options,
  path,
  onAdd,
  onUpdate,
  onRemove,
}: Omit<LevelProps, 'parentId'> & { option: QueueOption }) {
  const { t } = useTranslation()
  const [title, setTitle] = useState(option.title)
  const [message, setMessage] = useState(option.message)
  const [open, setOpen] = useState(false)
  useEffect(() => {
    setTitle(option.title)
    setMessage(option.message)
  }, [option])
  const dirty = title !== option.title || message !== option.message
  return (
    <li
      className="flex flex-col gap-1 rounded-md border border-slate-200 p-2 dark:border-slate-700"
      data-testid={`option-${option.id}`}
    >
      <div className="flex flex-wrap items-end gap-2">
        <span className="pb-2 font-mono text-sm">{path.slice(0, -1)}</span>
        <TextField
          label={t('queues.options.title')}
          value={title}
          onChange={setTitle}
          maxLength={OPTION_TITLE_MAX}
          className="min-w-40 flex-1"
        />
        <label className="flex min-w-40 flex-1 flex-col gap-1 text-sm">
          <span className="font-medium">{t('queues.options.message')}</span>
          <textarea
            rows={1}
            value={message}
            maxLength={MESSAGE_MAX}
            onChange={(e) => setMessage(e.target.value)}
            className={cx(inputClass, 'resize-y')}
          />
        </label>
        {dirty && (
          <Button variant="secondary" onClick={() => void onUpdate(option, { title: title.trim(), message })}>
            {t('queues.options.save')}
          </Button>
        )}
        <Button variant="secondary" onClick={() => setOpen((v) => !v)} aria-expanded={open}>
          {t('queues.options.children', { count: options.filter((o) => o.parentId === option.id).length })}
        </Button>
        <Button
          variant="secondary"
          onClick={() => void onRemove(option)}
          aria-label={t('queues.options.delete', { title: option.title })}
        >
          {t('queues.deleteShort')}
        </Button>
      </div>
      {open && (
        <Level
          options={options}
          parentId={option.id}
          path={path}
          onAdd={onAdd}
          onUpdate={onUpdate}
          onRemove={onRemove}
        />
      )}
    </li>
  )
}
