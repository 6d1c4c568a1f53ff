import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage, useApi } from '@atende/client'
import { Button, Select, TextField } from '@atende/ui'
import { fail, ok } from '../../access.tsx'
import type { NodeDataMap, OpenAiData, TypebotData } from '../../types.ts'
import { MEDIA_RULES, fileError, type MediaKind } from '../../validation.ts'
import { OPENAI_VOICES, voiceValue } from '../kinds.ts'
import { uploadMedia } from '../upload.ts'
import { NodeDialogShell, TextAreaField, blanks, useNodeForm, type NodeDialogProps } from './Shell.tsx'

/** A typebot node's defaults (delay 1000 ms, expiry 1). */
export const TYPEBOT_DEFAULTS: TypebotData = {
  name: '',
  projectName: '',
  urlN8N: '',
  typebotSlug: '',
  typebotExpires: 1,
  typebotDelayMessage: 1000,
  typebotKeywordFinish: '',
  typebotKeywordRestart: '',
  typebotUnknownMessage: '',
  typebotRestartMessage: '',
}

/** A new OpenAI node: voice 'texto', temperature 1, 100 max tokens, 10 messages of history, no queue. */
export const OPENAI_DEFAULTS: OpenAiData = {
  name: '',
  projectName: '',
  apiKey: '',
  prompt: '',
  voice: 'texto',
  voiceKey: '',
  voiceRegion: '',
  temperature: 1,
  maxTokens: 100,
  maxMessages: 10,
  queueId: null,
}

/**
 * A typebot node (create 'Adicionar Typebot ao fluxo', edit 'Editar Typebot'): name, urlN8N and
 * typebotSlug required; projectName is the name. Saved with the flow; at run time the node hands the
 * conversation to Typebot.
 */
export function TypebotDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['typebot']>) {
  const { t } = useTranslation()
  const { values: v, ...form } = useNodeForm(initial, (d) => ({
    ...TYPEBOT_DEFAULTS,
    ...d?.typebotIntegration,
  }))
  const submit = () => {
    const found = blanks(v, ['name', 'urlN8N', 'typebotSlug'], t('editor.validation.required'))
    if (found) return form.setErrors(found)
    form.setErrors({})
    onSave({ typebotIntegration: { ...v, name: v.name.trim(), projectName: v.name.trim() } })
  }
  const text = (key: keyof TypebotData, props: { autoFocus?: boolean } = {}) => (
    <TextField
      label={t(`editor.typebot.${key}`)}
      value={String(v[key])}
      error={form.errors[key]}
      maxLength={500}
      onChange={(x) => form.set(key, x as never)}
      {...props}
    />
  )
  return (
    <NodeDialogShell
      kind="typebot"
      initial={initial}
      submitLabel={t(initial ? 'editor.typebot.edit' : 'editor.typebot.add')}
      onClose={onClose}
      onSubmit={submit}
      size="lg"
    >
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('editor.endsIntegration')}</p>
      {text('name', { autoFocus: true })}
      {text('urlN8N')}
      {text('typebotSlug')}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('editor.typebot.typebotExpires')}
          type="number"
          min={0}
          value={String(v.typebotExpires)}
          onChange={(x) => form.set('typebotExpires', Number(x))}
        />
        <TextField
          label={t('editor.typebot.typebotDelayMessage')}
          type="number"
          min={0}
          value={String(v.typebotDelayMessage)}
          onChange={(x) => form.set('typebotDelayMessage', Number(x))}
        />
        {text('typebotKeywordFinish')}
        {text('typebotKeywordRestart')}
      </div>
      {text('typebotUnknownMessage')}
      {text('typebotRestartMessage')}
    </NodeDialogShell>
  )
}

/**
 * An OpenAI node: name, apiKey (hidden unless shown) and prompt required; voice 'texto' or a
 * Brazilian Portuguese neural voice (stored as its Azure name, pt-BR-<Name>Neural); the
 * OPENAI_DEFAULTS. The server seals the keys when the flow is saved and reads them back empty with
 * `apiKeySet` / `voiceKeySet`: then an empty field keeps the stored key. At run time the node hands
 * the conversation to the assistant.
 */
export function OpenAiDialog({ initial, onClose, onSave }: NodeDialogProps<NodeDataMap['openai']>) {
  const { t } = useTranslation()
  const { values: v, ...form } = useNodeForm(initial, (d) => {
    const data = { ...OPENAI_DEFAULTS, ...d?.typebotIntegration }
    return { ...data, voice: voiceValue(data.voice) }
  })
  const [showKey, setShowKey] = useState(false)
  const apiKeyStored = !!initial?.typebotIntegration?.apiKeySet
  const voiceKeyStored = !!initial?.typebotIntegration?.voiceKeySet
  const submit = () => {
    const found = blanks(
      v,
      apiKeyStored ? ['name', 'prompt'] : ['name', 'apiKey', 'prompt'],
      t('editor.validation.required'),
    )
    if (found) return form.setErrors(found)
    form.setErrors({})
    onSave({
      typebotIntegration: {
        ...v,
        name: v.name.trim(),
        projectName: v.name.trim(),
        apiKey: v.apiKey.trim(),
        voiceKey: v.voiceKey.trim(),
      },
    })
  }
  const number = (key: 'temperature' | 'maxTokens' | 'maxMessages', step = 1) => (
    <TextField
      label={t(`editor.openai.${key}`)}
      type="number"
      min={0}
      step={step}
      value={String(v[key])}
      onChange={(x) => form.set(key, Number(x))}
    />
  )
  return (
    <NodeDialogShell kind="openai" initial={initial} onClose={onClose} onSubmit={submit} size="lg">
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('editor.openai.handsOver')}</p>
      <TextField
        label={t('editor.openai.name')}
        value={v.name}
        error={form.errors.name}
        autoFocus
        maxLength={100}
        onChange={(x) => form.set('name', x)}
      />
      <div className="flex items-end gap-2">
        <TextField
          className="flex-1"
          label={t('editor.openai.apiKey')}
          type={showKey ? 'text' : 'password'}
          autoComplete="off"
          value={v.apiKey}
          placeholder={apiKeyStored ? t('editor.openai.keyStored') : undefined}
          error={form.errors.apiKey}
          maxLength={300}
          onChange={(x) => form.set('apiKey', x)}
        />
        <Button variant="secondary" aria-pressed={showKey} onClick={() => setShowKey((s) => !s)}>
          {t(showKey ? 'editor.openai.hideKey' : 'editor.openai.showKey')}
        </Button>
      </div>
      <TextAreaField
        label={t('editor.openai.prompt')}
        value={v.prompt}
        error={form.errors.prompt}
        rows={6}
        maxLength={4096}
        onChange={(x) => form.set('prompt', x)}
      />
      <Select
        label={t('editor.openai.voice')}
        options={[{ value: 'texto', label: t('editor.openai.textOnly') }, ...OPENAI_VOICES]}
        value={v.voice}
        onChange={(x) => form.set('voice', x)}
      />
      {v.voice !== 'texto' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={t('editor.openai.voiceKey')}
            type={showKey ? 'text' : 'password'}
            autoComplete="off"
            value={v.voiceKey}
            placeholder={voiceKeyStored ? t('editor.openai.keyStored') : undefined}
            maxLength={300}
            onChange={(x) => form.set('voiceKey', x)}
          />
          <TextField
            label={t('editor.openai.voiceRegion')}
            value={v.voiceRegion}
            onChange={(x) => form.set('voiceRegion', x)}
          />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-3">
        {number('temperature', 0.1)}
        {number('maxTokens')}
        {number('maxMessages')}
      </div>
    </NodeDialogShell>
  )
}

/** An image, audio or video node (older graphs; the add menu offers them inside Conteúdo): one file. */
export function MediaDialog({
  kind,
  initial,
  onClose,
  onSave,
}: NodeDialogProps<{ url: string; record?: boolean; original?: string }> & { kind: MediaKind }) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const input = useRef<HTMLInputElement>(null)
  const [value, setValue] = useState(initial ?? { url: '' })
  const [busy, setBusy] = useState(false)
  const rule = MEDIA_RULES[kind]
  const pick = async (file: File) => {
    const problem = fileError(file, rule)
    if (problem) return fail(t(problem[0], problem[1]))
    setBusy(true)
    try {
      const url = await uploadMedia(api, kind === 'img' ? 'img' : 'audio', file)
      setValue((x) => ({ ...x, url, original: file.name }))
      ok(
        t(
          kind === 'img'
            ? 'editor.content.imageAdded'
            : kind === 'audio'
              ? 'editor.content.audioAdded'
              : 'editor.content.videoAdded',
        ),
      )
    } catch (err) {
      fail(`${t('editor.content.uploadError')} ${errorMessage(err, t, { exists: (k) => i18n.exists(k) })}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <NodeDialogShell
      kind={kind}
      initial={initial}
      title={t(`editor.types.${kind}`)}
      onClose={onClose}
      busy={busy}
      onSubmit={() => (value.url ? onSave(value) : fail(t('editor.validation.emptyMedia')))}
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="truncate text-sm">{value.url ? value.original || value.url : t('editor.content.noFile')}</span>
        <input
          ref={input}
          type="file"
          accept={rule.accept}
          className="sr-only"
          aria-label={t('editor.content.chooseFile', { type: t(`editor.types.${kind}`) })}
          onChange={(e) => {
            const file = e.target.files?.[0]
            e.target.value = ''
            if (file) void pick(file)
          }}
        />
        <Button variant="secondary" loading={busy} onClick={() => input.current?.click()}>
          {t(value.url ? 'editor.content.replaceFile' : 'editor.content.chooseFileShort')}
        </Button>
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        {t('editor.content.fileHint', { types: rule.exts.join(', '), max: rule.maxLabel })}
      </p>
      {kind === 'audio' && (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={!!value.record}
            onChange={(e) => setValue((x) => ({ ...x, record: e.target.checked }))}
          />
          {t('editor.content.record')}
        </label>
      )}
    </NodeDialogShell>
  )
}
