import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Connection,
  type Edge,
  type ReactFlowProps,
} from '@xyflow/react'
import { errorMessage, isApiError, useApi, useSession } from '@atende/client'
import { Button, ErrorCard, Loading, cx, toast } from '@atende/ui'
import { CampaignsGate, FLOW_TOAST_MS, fail, ok } from '../access.tsx'
import { RowMenu } from '../RowMenu.tsx'
import type { FlowWithGraphWire, NodeDataMap, NodeType } from '../types.ts'
import { EditorContext, type EditorActions } from './context.ts'
import { NodeDialog, type DialogState } from './dialogs/NodeDialog.tsx'
import {
  NODE_HEIGHT,
  NODE_WIDTH,
  START_ID,
  connect,
  duplicatePosition,
  edgeStyle,
  expectedHeight,
  fromWire,
  placeNew,
  pruneEdges,
  randomId,
  readVariables,
  startNode,
  toWire,
  updateVariables,
  variablesOf,
  type EditorNode,
} from './graph.ts'
import { ADDABLE, KINDS } from './kinds.ts'
import { nodeTypes } from './nodes.tsx'
import '../index.css'

type Flow = FlowWithGraphWire['flow']
const DELETE_KEYS = ['Delete', 'Backspace']
const invalidEdgeStyle = { ...edgeStyle, stroke: '#dc2626' }

function Editor({ flow }: { flow: Flow }) {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const { session } = useSession()
  const rf = useReactFlow<EditorNode, Edge>()
  const initial = useMemo(() => fromWire(flow.flow, t('editor.types.start')), [flow, t])
  const [nodes, setNodes, onNodesChange] = useNodesState<EditorNode>(initial.nodes)
  const [edges, setEdges, onEdgesChange] = useEdgesState<Edge>(initial.edges)
  const [dialog, setDialog] = useState<DialogState | null>(null)
  const [variables, setVariables] = useState<string[]>(() => readVariables(session.getPreference('variables')))
  const [saving, setSaving] = useState(false)
  const [problem, setProblem] = useState<{ message: string; node: string | null; edge: number | null } | null>(null)
  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark')
  // What was last saved (or loaded), to tell unsaved changes apart.
  const [savedGraph, setSavedGraph] = useState(() => JSON.stringify(toWire(initial.nodes, initial.edges)))
  const dirty = useMemo(() => JSON.stringify(toWire(nodes, edges)) !== savedGraph, [nodes, edges, savedGraph])
  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])

  const storeVariables = useCallback(
    (list: string[]) => {
      setVariables(list)
      session.setPreference('variables', JSON.stringify(list))
    },
    [session],
  )
  // On load the variable list is rebuilt from the question nodes' answer keys.
  useEffect(() => storeVariables(variablesOf(initial.nodes)), [initial, storeVariables])

  const open = useCallback(
    (id: string) => {
      const node = rf.getNode(id)
      if (node && node.type !== 'start') setDialog({ type: node.type as NodeType, id, data: node.data })
    },
    [rf],
  )
  const duplicate = useCallback(
    (id: string) => {
      const list = rf.getNodes()
      const original = list.find((n) => n.id === id)
      if (!original || original.type === 'start') return
      // 240 px right of the rightmost node; the view follows it there.
      const position = duplicatePosition(list, original)
      const data = structuredClone(original.data)
      // The server keeps an OpenAI node's keys by node id: a copy (new id) has none until typed.
      const keys = (data as Partial<NodeDataMap['openai']>).typebotIntegration
      if (original.type === 'openai' && keys) {
        delete keys.apiKeySet
        delete keys.voiceKeySet
      }
      const copy: EditorNode = { id: randomId(), type: original.type, position, data, selected: true }
      setNodes((nodes) => [...nodes.map((n) => (n.selected ? { ...n, selected: false } : n)), copy])
      void rf.setCenter(position.x + NODE_WIDTH / 2, position.y + 80, { zoom: rf.getZoom(), duration: 200 })
    },
    [rf, setNodes],
  )
  const remove = useCallback(
    (id: string) => {
      if (id === START_ID) return
      setNodes((list) => list.filter((n) => n.id !== id || n.type === 'start'))
      setEdges((list) => list.filter((e) => e.source !== id && e.target !== id))
    },
    [setNodes, setEdges],
  )
  const actions = useMemo<EditorActions>(
    () => ({ edit: open, duplicate, remove, invalidId: problem?.node ?? null }),
    [open, duplicate, remove, problem],
  )

  const canvas = useRef<HTMLDivElement>(null)
  /** The centre of what the canvas shows, in flow coordinates (null before it is laid out). */
  const viewCenter = () => {
    const r = canvas.current?.getBoundingClientRect()
    return r && r.width && r.height
      ? rf.screenToFlowPosition({ x: r.left + r.width / 2, y: r.top + r.height / 2 })
      : null
  }
  /** Selects one node alone and brings it to the middle of the view. */
  const focus = (node: EditorNode, position = node.position) => {
    setNodes((list) => list.map((n) => (n.selected === (n.id === node.id) ? n : { ...n, selected: n.id === node.id })))
    const w = node.measured?.width ?? NODE_WIDTH
    const h = node.measured?.height ?? NODE_HEIGHT
    void rf.setCenter(position.x + w / 2, position.y + h / 2, { zoom: rf.getZoom(), duration: 200 })
  }

  const add = (type: NodeType) => {
    if (type !== 'start') return setDialog({ type })
    // The start node is unique. One is there: it is selected and shown, and the user told so
    // (adding another would only move it).
    const current = nodes.find((n) => n.type === 'start')
    if (current) {
      focus(current)
      toast.info(t('editor.startExists'), FLOW_TOAST_MS)
      return
    }
    // None (a graph saved without one): the start node, id 1, where the user is looking.
    const made = {
      ...startNode(t('editor.types.start'), placeNew(nodes, { center: viewCenter() })),
      selected: true,
    }
    const next = [...nodes.filter((n) => n.id !== START_ID).map((n) => ({ ...n, selected: false })), made]
    const ids = new Set(next.map((n) => n.id))
    setNodes(next)
    setEdges((list) => list.filter((e) => ids.has(e.source) && ids.has(e.target)))
    focus(made)
  }

  const saveDialog = (data: Record<string, unknown>) => {
    if (!dialog) return
    const { type, id } = dialog
    if (type === 'question') {
      const oldKey = (dialog.data as NodeDataMap['question'] | undefined)?.typebotIntegration?.answerKey
      storeVariables(updateVariables(variables, oldKey, (data as NodeDataMap['question']).typebotIntegration.answerKey))
    }
    if (id) {
      const next = nodes.map((n) => (n.id === id ? { ...n, data } : n))
      setNodes(next)
      setEdges((list) => pruneEdges(next, list))
    } else {
      // Next to the selected node (right of it, below what is there), else in the middle of the
      // view; never over another card. The new one is selected, so the next goes on from it.
      const selected = nodes.filter((n) => n.selected).at(-1) ?? null
      const height = expectedHeight(type, data)
      const position = placeNew(nodes, { selected, center: selected ? null : viewCenter(), height })
      const made: EditorNode = { id: randomId(), type, position, data, selected: true }
      setNodes((list) => [...list.map((n) => (n.selected ? { ...n, selected: false } : n)), made])
      void rf.setCenter(position.x + NODE_WIDTH / 2, position.y + height / 2, {
        zoom: rf.getZoom(),
        duration: 200,
      })
    }
    setDialog(null)
  }

  const onConnect = useCallback(
    (c: Connection) => {
      if (c.source === c.target) return
      setEdges((list) => connect(list, c))
    },
    [setEdges],
  )

  const save = async () => {
    setSaving(true)
    setProblem(null)
    try {
      const graph = toWire(nodes, edges)
      await api.post('/flowbuilder/flow', { body: { idFlow: flow.id, ...graph } })
      setSavedGraph(JSON.stringify(graph))
      ok(t('editor.saved'))
    } catch (err) {
      const field = isApiError(err) ? (err.field ?? '') : ''
      // A refused graph names its rule (plugins/flows graph.ts): said in the user's language when known.
      const rule = isApiError(err) && typeof err.data?.rule === 'string' ? err.data.rule : ''
      const message =
        rule && i18n.exists(`editor.rules.${rule}`)
          ? t(`editor.rules.${rule}`)
          : errorMessage(err, t, { exists: (k) => i18n.exists(k) })
      const node = field.startsWith('nodes.') ? field.slice('nodes.'.length) : null
      const edge = field.startsWith('connections.') ? Number(field.slice('connections.'.length)) : null
      setProblem({ message, node, edge })
      fail(`${t('editor.saveError')} ${message}`)
      const target = node ? rf.getNode(node) : undefined
      if (target) {
        setNodes((list) => list.map((n) => ({ ...n, selected: n.id === target.id })))
        void rf.setCenter(target.position.x + NODE_WIDTH / 2, target.position.y + 60, { zoom: 1, duration: 300 })
      }
    } finally {
      setSaving(false)
    }
  }

  const ariaLabelConfig = useMemo<ReactFlowProps['ariaLabelConfig']>(
    () => ({
      'node.a11yDescription.default': t('editor.canvas.node'),
      'node.a11yDescription.keyboardDisabled': t('editor.canvas.nodeKeyboard'),
      'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }) => t('editor.canvas.moved', { direction, x, y }),
      'edge.a11yDescription.default': t('editor.canvas.edge'),
      'controls.ariaLabel': t('editor.canvas.controls'),
      'controls.zoomIn.ariaLabel': t('editor.canvas.zoomIn'),
      'controls.zoomOut.ariaLabel': t('editor.canvas.zoomOut'),
      'controls.fitView.ariaLabel': t('editor.canvas.fitView'),
      'controls.interactive.ariaLabel': t('editor.canvas.interactive'),
      'minimap.ariaLabel': t('editor.canvas.minimap'),
      'handle.ariaLabel': t('editor.canvas.handle'),
    }),
    [t],
  )

  const shownEdges = useMemo(
    () =>
      problem?.edge != null
        ? edges.map((e, i) => (i === problem.edge ? { ...e, style: invalidEdgeStyle, animated: true } : e))
        : edges,
    [edges, problem],
  )

  return (
    <section className="flex h-full min-h-[560px] flex-col gap-3 p-3 sm:p-6">
      <header className="flex flex-wrap items-center gap-3">
        <div className="mr-auto min-w-0">
          <h1 className="text-xl font-semibold">{t('editor.title')}</h1>
          <p className="truncate text-sm text-slate-600 dark:text-slate-300">
            <Link to="/flowbuilders" className="underline">
              {t('flows.title')}
            </Link>{' '}
            / <span data-testid="flow-name">{flow.name}</span>
          </p>
          <p className="text-xs text-amber-800 dark:text-amber-300">
            {t('editor.hint')}
            {dirty && (
              <span className="ml-2 font-semibold" data-testid="flow-dirty">
                {t('editor.unsaved')}
              </span>
            )}
          </p>
        </div>
        <RowMenu
          label={t('editor.addNode')}
          trigger={<span>+ {t('editor.addNode')}</span>}
          triggerClassName="inline-flex items-center justify-center rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-700"
          items={ADDABLE.map((type) => ({ label: t(KINDS[type].title), onSelect: () => add(type) }))}
        />
        <Button onClick={() => void save()} loading={saving}>
          {t('editor.save')}
        </Button>
      </header>
      {problem && (
        <div
          role="alert"
          data-testid="flow-problem"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-700 dark:bg-red-950 dark:text-red-200"
        >
          {t('editor.problem', { message: problem.message })}
        </div>
      )}
      <div
        ref={canvas}
        className={cx('min-h-[420px] flex-1 overflow-hidden rounded-lg border border-slate-200 dark:border-slate-700')}
        data-testid="flow-canvas"
      >
        <EditorContext.Provider value={actions}>
          <ReactFlow<EditorNode, Edge>
            nodes={nodes}
            edges={shownEdges}
            nodeTypes={nodeTypes}
            onNodesChange={onNodesChange}
            onEdgesChange={onEdgesChange}
            onConnect={onConnect}
            onNodeDoubleClick={(_, node) => open(node.id)}
            deleteKeyCode={DELETE_KEYS}
            zoomOnDoubleClick={false}
            defaultEdgeOptions={{ style: edgeStyle }}
            fitView
            fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
            minZoom={0.2}
            colorMode={dark ? 'dark' : 'light'}
            proOptions={{ hideAttribution: true }}
            ariaLabelConfig={ariaLabelConfig}
          >
            <Background />
            <Controls />
            <MiniMap pannable zoomable />
          </ReactFlow>
        </EditorContext.Provider>
      </div>
      {dialog && (
        <NodeDialog
          key={`${dialog.type}:${dialog.id ?? 'new'}`}
          state={dialog}
          variables={variables}
          onClose={() => setDialog(null)}
          onSave={saveDialog}
        />
      )}
    </section>
  )
}

/** Loads the flow (GET /flowbuilder/flow/{id}); the canvas mounts once it is here. */
function FlowEditor() {
  const { t, i18n } = useTranslation()
  const api = useApi()
  const { id } = useParams()
  const [state, setState] = useState<{ flow: Flow } | { error: string } | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    const ctrl = new AbortController()
    setState(null)
    api
      .get<FlowWithGraphWire>(`/flowbuilder/flow/${Number(id)}`, { signal: ctrl.signal })
      .then((res) => setState({ flow: res.flow }))
      .catch((err) => {
        if (ctrl.signal.aborted) return
        console.error(err)
        setState({
          error:
            isApiError(err) && err.status === 404
              ? t('editor.notFound')
              : errorMessage(err, t, { exists: (k) => i18n.exists(k) }),
        })
      })
    return () => ctrl.abort()
  }, [api, id, attempt, t, i18n])

  if (!state) return <Loading label={t('flowsCommon.loading')} />
  if ('error' in state)
    return (
      <div className="p-6">
        <ErrorCard
          title={t('editor.loadError')}
          details={state.error}
          action={
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => setAttempt((a) => a + 1)}>
                {t('flowsCommon.retry')}
              </Button>
              <Link to="/flowbuilders" className="px-4 py-2 text-sm underline">
                {t('editor.back')}
              </Link>
            </div>
          }
        />
      </div>
    )
  return (
    <ReactFlowProvider>
      <Editor key={state.flow.id} flow={state.flow} />
    </ReactFlowProvider>
  )
}

/** /flowbuilder/:id: the flow editor. */
export default function FlowEditorPage() {
  return (
    <CampaignsGate>
      <FlowEditor />
    </CampaignsGate>
  )
}
