import { memo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react'
import { EditIcon, TrashIcon, cx, strokeIcon } from '@atende/ui'
import type { ContentElement, NodeDataMap, NodeType } from '../types.ts'
import { MENU_INVALID_HANDLE, type EditorNode } from './graph.ts'
import { KINDS, TERMINAL } from './kinds.ts'
import { useEditorActions } from './context.ts'

const CopyIcon = strokeIcon([<rect x="9" y="9" width="12" height="12" rx="2" />, 'M5 15V5a2 2 0 0 1 2-2h10'])

/** A node's header buttons: their words under editor.node.*, the editor action each calls. */
const NODE_ACTIONS = [
  { word: 'edit', act: 'edit', Icon: EditIcon },
  { word: 'duplicate', act: 'duplicate', Icon: CopyIcon },
  { word: 'delete', act: 'remove', Icon: TrashIcon },
] as const

const handleClass = 'h-3.5! w-3.5! border-2! border-white! bg-slate-500! dark:border-slate-800!'

/** One labelled way out of a node: a row with its source handle on the card's right edge. */
function OutRow({ id, label, testid }: { id: string; label: ReactNode; testid?: string }) {
  return (
    <div className="relative -mx-3 flex items-center justify-end border-t border-slate-100 px-3 py-1.5 text-xs dark:border-slate-700">
      <span className="truncate pr-2">{label}</span>
      <Handle
        type="source"
        position={Position.Right}
        id={id}
        className={handleClass}
        data-testid={testid}
        isConnectableEnd={false}
      />
    </div>
  )
}

function Clamp({ children, lines = 3 }: { children: ReactNode; lines?: number }) {
  return (
    <p
      className="whitespace-pre-wrap break-words text-sm"
      style={{ WebkitLineClamp: lines, display: '-webkit-box', WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
    >
      {children}
    </p>
  )
}
const Muted = ({ children }: { children: ReactNode }) => (
  <p className="text-xs text-slate-500 dark:text-slate-400">{children}</p>
)

function ElementLine({ e }: { e: ContentElement }) {
  const { t } = useTranslation()
  const label = t(`editor.content.types.${e.type}`)
  const value =
    e.type === 'message'
      ? e.value
      : e.type === 'interval'
        ? t('editor.seconds', { count: Number(e.value) || 0 })
        : e.original || e.value
  return (
    <li className="truncate text-xs">
      <span className="font-medium">{label}:</span> {value || '—'}
    </li>
  )
}

/** What a node shows of its data, by type. */
function Body({ type, data }: { type: NodeType; data: Record<string, unknown> }) {
  const { t } = useTranslation()
  switch (type) {
    case 'start':
      return <Muted>{t('editor.startHint')}</Muted>
    case 'message':
      return <Clamp>{(data as NodeDataMap['message']).label}</Clamp>
    case 'interval':
      return <p className="text-sm">{t('editor.seconds', { count: (data as NodeDataMap['interval']).sec ?? 0 })}</p>
    case 'img':
    case 'audio':
    case 'video':
      return (
        <p className="truncate text-sm">
          {String((data as { original?: string }).original ?? (data as { url: string }).url ?? '')}
        </p>
      )
    case 'menu':
      return <Clamp>{(data as NodeDataMap['menu']).message || <Muted>{t('editor.noMessage')}</Muted>}</Clamp>
    case 'randomizer':
      return null
    case 'question': {
      const q = (data as NodeDataMap['question']).typebotIntegration ?? { message: '', answerKey: '' }
      return (
        <>
          <Clamp>{q.message}</Clamp>
          <Muted>
            {t('editor.question.answerKey')}: <span className="font-mono">{`{{${q.answerKey}}}`}</span>
          </Muted>
        </>
      )
    }
    case 'condition': {
      const c = data as NodeDataMap['condition']
      return (
        <p className="text-sm">
          <span className="font-mono">{c.key}</span> {t(`editor.condition.ops.${c.condition}`)}{' '}
          <span className="font-mono">"{c.value}"</span>
        </p>
      )
    }
    case 'singleBlock': {
      const { seq = [], elements = [] } = data as NodeDataMap['singleBlock']
      const byNumber = new Map(elements.map((e) => [e.number, e]))
      return (
        <ul className="flex flex-col gap-0.5">
          {seq.map((n) => {
            const e = byNumber.get(n)
            return e ? <ElementLine key={n} e={e} /> : null
          })}
        </ul>
      )
    }
    case 'ticket': {
      const q = (data as NodeDataMap['ticket']).queue
      return (
        <p className="text-sm">
          {t('editor.ticket.queue')}: <span className="font-medium">{q?.name ?? `#${q?.id}`}</span>
        </p>
      )
    }
    case 'typebot':
    case 'openai': {
      const i = (data as NodeDataMap['typebot']).typebotIntegration ?? {}
      return <p className="truncate text-sm font-medium">{String(i.name ?? '')}</p>
    }
  }
}

/**
 * The labelled ways out a node has beyond the single unnamed one (the plugin's handles: menu options
 * and 'invalid', randomizer a/b, condition true/false).
 */
function Outs({ type, data }: { type: NodeType; data: Record<string, unknown> }) {
  const { t } = useTranslation()
  if (type === 'menu') {
    const options = (data as NodeDataMap['menu']).arrayOption ?? []
    return (
      <>
        {options.map((o) => (
          <OutRow
            key={o.number}
            id={`a${o.number}`}
            label={`[${o.number}] ${o.value}`}
            testid={`handle-a${o.number}`}
          />
        ))}
        <OutRow id={MENU_INVALID_HANDLE} label={t('editor.menu.invalid')} testid="handle-invalid" />
      </>
    )
  }
  if (type === 'randomizer') {
    const percent = (data as NodeDataMap['randomizer']).percent ?? 50
    return (
      <>
        <OutRow id="a" label={`A · ${percent}%`} testid="handle-a" />
        <OutRow id="b" label={`B · ${100 - percent}%`} testid="handle-b" />
      </>
    )
  }
  if (type === 'condition')
    return (
      <>
        <OutRow id="true" label={t('editor.condition.true')} testid="handle-true" />
        <OutRow id="false" label={t('editor.condition.false')} testid="handle-false" />
      </>
    )
  return null
}

const NAMED_OUTS: NodeType[] = ['menu', 'randomizer', 'condition']

/** Every node type's card: a coloured header with its actions, its content, its handles. */
function FlowNodeCard({ id, type, data, selected }: NodeProps<EditorNode>) {
  const { t } = useTranslation()
  const actions = useEditorActions()
  const kind = KINDS[type]
  const title = t(kind.title)
  const invalid = actions.invalidId === id
  const single = !NAMED_OUTS.includes(type) && !TERMINAL.includes(type)
  const button =
    'nodrag nopan rounded p-1 text-white/90 hover:bg-white/20 focus:outline-none focus-visible:ring-2 focus-visible:ring-white'
  return (
    <div
      data-testid={`flow-node-${type}`}
      data-invalid={invalid || undefined}
      aria-label={title}
      className={cx(
        'w-[220px] rounded-lg border-2 bg-white text-slate-800 shadow-md dark:bg-slate-800 dark:text-slate-100',
        invalid
          ? 'border-red-600 ring-4 ring-red-300 dark:ring-red-800'
          : selected
            ? 'border-primary dark:border-sky-400'
            : 'border-transparent',
      )}
    >
      {type !== 'start' && (
        <Handle type="target" position={Position.Left} className={handleClass} data-testid="handle-in" />
      )}
      <div
        className={cx('flex items-center gap-1 rounded-t-md px-3 py-1.5 text-sm font-semibold text-white', kind.color)}
      >
        <span className="mr-auto truncate">{title}</span>
        {type !== 'start' && (
          <>
            {NODE_ACTIONS.map(({ word, act, Icon }) => (
              <button
                key={word}
                type="button"
                className={button}
                aria-label={t(`editor.node.${word}`, { type: title })}
                title={t(`editor.node.${word}`, { type: title })}
                onClick={(e) => {
                  e.stopPropagation()
                  actions[act](id)
                }}
              >
                <Icon className="h-3.5 w-3.5" />
              </button>
            ))}
          </>
        )}
      </div>
      <div className="flex flex-col gap-1 px-3 py-2">
        <Body type={type} data={data} />
        <Outs type={type} data={data} />
        {TERMINAL.includes(type) && (
          <Muted>
            {t(
              type === 'ticket'
                ? 'editor.endsTicket'
                : type === 'openai'
                  ? 'editor.endsOpenAi'
                  : 'editor.endsIntegration',
            )}
          </Muted>
        )}
      </div>
      {single && (
        <Handle
          type="source"
          position={Position.Right}
          className={handleClass}
          data-testid="handle-out"
          isConnectableEnd={false}
        />
      )}
    </div>
  )
}

const Card = memo(FlowNodeCard)
export const nodeTypes: NodeTypes = Object.fromEntries(
  (Object.keys(KINDS) as NodeType[]).map((type) => [type, Card]),
) as NodeTypes
