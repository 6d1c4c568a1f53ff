import { useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi } from '@atende/client'
import { Button, TextField, cx } from '@atende/ui'
import { fail, ok } from '../../access.tsx'
import type { ContentElement, NodeDataMap } from '../../types.ts'
import { CONTENT_RULES, INTERVAL_MAX, TEXT_MAX, fileError, type MediaKind } from '../../validation.ts'
import { contentError, nextNumber, type ElementType } from '../content.ts'
import { uploadMedia } from '../upload.ts'
import { NodeDialogShell, TextAreaField, type NodeDialogProps } from './Shell.tsx'

const TYPES: ElementType[] = ['message', 'interval', 'img', 'audio', 'video']

const ArrowIcon = ({ up }: { up?: boolean }) => (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} className="h-4 w-4" aria-hidden>
    <path d={up ? 'm6 15 6-6 6 6' : 'm6 9 6 6 6-6'} />
  </svg>
)

function MediaPicker({
  element,
  busy,
  onPick,
  onRecord,
}: {
  element: ContentElement
  busy: boolean
  onPick: (file: File) => void
  onRecord: (record: boolean) => void
}) {
  const { t } = useTranslation()
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const rule = CONTENT_RULES[element.type as MediaKind]
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className={cx('truncate text-sm', !element.value && 'text-slate-500 dark:text-slate-400')}>
          {element.value ? element.original || element.value : t('editor.content.noFile')}
        </span>
        <input
          ref={input}
          type="file"
          accept={rule.accept}
          className="sr-only"
          aria-label={t('editor.content.chooseFile', { type: t(`editor.content.types.${element.type}`) })}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) onPick(file)
          }}
        />
        <Button variant="secondary" className="px-3 py-1" loading={busy} onClick={() => input.current?.click()}>
          {t(element.value ? 'editor.content.replaceFile' : 'editor.content.chooseFileShort')}
        </Button>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('editor.content.fileHint', { types: rule.exts.join(', '), max: rule.maxLabel })}
      </p>
      {element.type === 'audio' && (
        <label htmlFor={id} className="flex items-center gap-2 text-sm">
          <input id={id} type="checkbox" checked={!!element.record} onChange={(e) => onRecord(e.target.checked)} />
          {t('editor.content.record')}
        </label>
      )}
    </div>
  )
}

/**
 * The content sequence ('Conteúdo', a singleBlock node): an ordered list of messages, intervals,
 * images, audio and video sent one after the other. Files go up as they are chosen
 * (POST /flowbuilder/content); the node keeps their stored names.
 */
export function ContentDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['singleBlock']>) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const [elements, setElements] = useState<ContentElement[]>(() => {
    if (!initial) return []
    const byNumber = new Map(initial.elements.map((e) => [e.number, e]))
    return initial.seq.map((n) => byNumber.get(n)).filter((e): e is ContentElement => !!e)
  })
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set())

  const change = (number: string, patch: Partial<ContentElement>) =>
    setElements((list) => list.map((e) => (e.number === number ? { ...e, ...patch } : e)))
  const move = (i: number, by: -1 | 1) =>
    setElements((list) => {
      const next = list.slice()
      const [e] = next.splice(i, 1)
      next.splice(i + by, 0, e!)
      return next
    })
  const add = (type: ElementType) =>
    setElements((list) => [
      ...list,
      { type, value: '', number: nextNumber(list, type), ...(type === 'audio' ? { record: false } : {}) },
    ])

  const pick = async (element: ContentElement, file: File) => {
    const problem = fileError(file, CONTENT_RULES[element.type as MediaKind])
    if (problem) return fail(t(problem[0], problem[1]))
    setUploading((s) => new Set(s).add(element.number))
    try {
      const name = await uploadMedia(api, 'content', file)
      change(element.number, { value: name, original: file.name })
      ok(
        t(
          element.type === 'img'
            ? 'editor.content.imageAdded'
            : element.type === 'audio'
              ? 'editor.content.audioAdded'
              : 'editor.content.videoAdded',
        ),
      )
    } catch (err) {
      fail(`${t('editor.content.uploadError')} ${errorMessage(err, t, { exists: (k) => i18n.exists(k) })}`)
    } finally {
      setUploading((s) => {
        const next = new Set(s)
        next.delete(element.number)
        return next
      })
    }
  }

  const submit = () => {
    const problem = contentError(elements)
    if (problem) return fail(t(problem))
    const clean = elements.map((e) => (e.type === 'interval' ? { ...e, value: String(Number(e.value)) } : e))
    ok(t('editor.content.saved'))
    onSave({ seq: clean.map((e) => e.number), elements: clean })
  }

  return (
    <NodeDialogShell
      kind="content"
      initial={initial}
      onClose={onClose}
      onSubmit={submit}
      size="xl"
      busy={uploading.size > 0}
    >
      <ol className="flex flex-col gap-3" data-testid="content-elements">
        {elements.map((e, i) => {
          const typeLabel = t(`editor.content.types.${e.type}`)
          return (
            <li
              key={e.number}
              className="rounded-md border border-slate-200 p-3 dark:border-slate-600"
              data-testid={`content-${e.number}`}
            >
              <div className="mb-2 flex items-center gap-1">
                <span className="mr-auto text-sm font-semibold">
                  {i + 1}. {typeLabel}
                </span>
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => move(i, -1)}
                  aria-label={t('editor.content.up', { type: typeLabel, n: i + 1 })}
                  className="rounded p-1 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-700"
                >
                  <ArrowIcon up />
                </button>
                <button
                  type="button"
                  disabled={i === elements.length - 1}
                  onClick={() => move(i, 1)}
                  aria-label={t('editor.content.down', { type: typeLabel, n: i + 1 })}
                  className="rounded p-1 hover:bg-slate-100 disabled:opacity-40 dark:hover:bg-slate-700"
                >
                  <ArrowIcon />
                </button>
                <Button
                  variant="ghost"
                  className="px-2 py-1 text-red-700 dark:text-red-400"
                  onClick={() => setElements((list) => list.filter((x) => x.number !== e.number))}
                  aria-label={t('editor.content.remove', { type: typeLabel, n: i + 1 })}
                >
                  {t('editor.content.removeShort')}
                </Button>
              </div>
              {e.type === 'message' ? (
                <TextAreaField
                  label={t('editor.content.message', { n: i + 1 })}
                  value={e.value}
                  maxLength={TEXT_MAX}
                  rows={3}
                  onChange={(v) => change(e.number, { value: v })}
                />
              ) : e.type === 'interval' ? (
                <TextField
                  label={t('editor.content.interval', { n: i + 1 })}
                  type="number"
                  min={1}
                  max={INTERVAL_MAX}
                  value={e.value}
                  onChange={(v) => change(e.number, { value: v })}
                />
              ) : (
                <MediaPicker
                  element={e}
                  busy={uploading.has(e.number)}
                  onPick={(file) => void pick(e, file)}
                  onRecord={(record) => change(e.number, { record })}
                />
              )}
            </li>
          )
        })}
      </ol>
      {!elements.length && (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('editor.content.emptyHint')}</p>
      )}
      <div className="flex flex-wrap gap-2" role="group" aria-label={t('editor.content.addGroup')}>
        {TYPES.map((type) => (
          <Button key={type} variant="secondary" className="px-3 py-1" onClick={() => add(type)}>
            + {t(`editor.content.types.${type}`)}
          </Button>
        ))}
      </div>
    </NodeDialogShell>
  )
}
