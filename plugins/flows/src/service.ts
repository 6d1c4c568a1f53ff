import { access } from 'node:fs/promises'
import {
  AppError,
  PAGE_SIZE,
  badRequest,
  notFound,
  pageOffset,
  toIso,
  type Kernel,
  type TenantDb,
  likePattern,
} from '@atende/sdk'
import type { QueuesRef } from '@atende/plugin-queues/api'
import { validateGraph, type FlowGraph, type GraphChecks } from './graph.ts'
import { maskGraph, sealGraph } from './node-secrets.ts'
import type { Flow, FlowWithGraph, SaveGraphBody } from './schemas.ts'

export const ERR_NO_FLOW_FOUND = 'ERR_NO_FLOW_FOUND'
export const ERR_FLOW_INVALID = 'ERR_FLOW_INVALID'
/** Where uploads of the flow editor are stored (`kernel.storage` area). */
export const MEDIA_AREA = 'flows'
export const CHOICES_MAX = 1000

interface Row {
  id: number
  companyId: number
  name: string
  active: boolean
  flow: FlowGraph | string | null
  versionId: number | null
  createdAt: Date | string
  updatedAt: Date | string
}
const COLUMNS = ['id', 'companyId', 'name', 'active', 'versionId', 'createdAt', 'updatedAt']

const view = (r: Row): Flow => ({
  id: r.id,
  companyId: r.companyId,
  name: r.name,
  active: r.active,
  versionId: r.versionId,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
})

function cleanName(name: string) {
  const trimmed = name.trim()
  if (trimmed.length < 2) throw badRequest('name', 'Muito curto!')
  return trimmed
}

declare module '@atende/sdk' {
  interface EventMap {
    /** A flow created, renamed, duplicated or published (its graph a new version). */
    'flow.saved': { companyId: number; action: 'create' | 'update'; flow: Flow }
    'flow.deleted': { companyId: number; flowId: number }
  }
}

const parsed = (flow: Row['flow']) => (typeof flow === 'string' ? (JSON.parse(flow) as FlowGraph) : flow)

/** Flows and their versions. Every query is scoped to the caller's company. */
export function createFlowService(kernel: Kernel) {
  const queues = () => kernel.services.find<QueuesRef>('queues')

  async function find(t: TenantDb, id: number): Promise<Row> {
    const row = await t('flows')
      .where({ id })
      .first([...COLUMNS, 'flow'])
    if (!row) throw notFound(ERR_NO_FLOW_FOUND, 'Flow not found')
    return row
  }

  /** What only the database can tell about a graph: the company's files and queues. */
  function checksFor(companyId: number): GraphChecks {
    return {
      async mediaExists(name) {
        if (kernel.storage.companyOf(name) !== companyId || !name.startsWith(`${companyId}/${MEDIA_AREA}/`))
          return false
        try {
          await access(kernel.storage.path(name))
          return true
        } catch {
          return false
        }
      },
      async queuesExist(ids) {
        const q = queues()
        return q ? q.exists(companyId, ids) : false
      },
    }
  }

  /** Validate, then publish: the graph becomes an immutable version and the flow points at it. */
  async function publish(companyId: number, flowId: number, graph: FlowGraph) {
    const problems = await validateGraph(graph, checksFor(companyId))
    if (problems.length) {
      const [first] = problems
      throw new AppError(ERR_FLOW_INVALID, 400, first.message, {
        field: first.field,
        extra: { rule: first.rule, problems },
      })
    }
    return kernel.unitOfWork(companyId, async ({ t, emit }) => {
      const current = await find(t, flowId)
      const stored = JSON.stringify(sealGraph(graph, parsed(current.flow), kernel.vault))
      const [version] = await t.insert('flow_versions', { flowId, graph: stored }).returning('id')
      const [row] = await t('flows')
        .where({ id: flowId })
        .update({ flow: stored, versionId: version.id, updatedAt: new Date() })
        .returning([...COLUMNS, 'flow'])
      emit('flow.saved', { companyId, action: 'update', flow: view(row as Row) })
      return row as Row
    })
  }

  return {
    checksFor,

    async page(companyId: number, searchParam = '', pageNumber = 1) {
      const q = kernel.tenant(companyId)('flows')
      const s = searchParam.trim()
      if (s) q.whereILike('name', likePattern(s))
      const rows: Row[] = await q
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .limit(PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber))
        .select(COLUMNS)
      return { flows: rows.slice(0, PAGE_SIZE).map(view), hasMore: rows.length > PAGE_SIZE }
    },

    /** Every flow for a picker (the phrase dialog): id, name, active, by name; at most CHOICES_MAX. */
    async choices(companyId: number) {
      const flows = await kernel
        .tenant(companyId)('flows')
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .limit(CHOICES_MAX)
        .select('id', 'name', 'active')
      return { flows }
    },

    async withGraph(companyId: number, id: number): Promise<FlowWithGraph> {
      const row = await find(kernel.tenant(companyId), id)
      const graph = parsed(row.flow)
      return { flow: { ...view(row), flow: graph ? maskGraph(graph) : null } }
    },

    async create(companyId: number, name: string) {
      const [row] = await kernel
        .tenant(companyId)
        .insert('flows', { name: cleanName(name) })
        .returning(COLUMNS)
      await kernel.bus.emit('flow.saved', { companyId, action: 'create', flow: view(row) })
      return view(row)
    },

    async rename(companyId: number, id: number, name: string) {
      const [row] = await kernel
        .tenant(companyId)('flows')
        .where({ id })
        .update({ name: cleanName(name), updatedAt: new Date() })
        .returning(COLUMNS)
      if (!row) throw notFound(ERR_NO_FLOW_FOUND, 'Flow not found')
      await kernel.bus.emit('flow.saved', { companyId, action: 'update', flow: view(row) })
      return view(row)
    },

    /** A copy with its graph published as its own first version (media files are shared: they are immutable). */
    async duplicate(companyId: number, id: number) {
      return kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const src = await find(t, id)
        const name = `${src.name.slice(0, 50 - ' - cópia'.length)} - cópia`
        const [copy] = await t.insert('flows', { name, active: src.active }).returning(COLUMNS)
        const created = (row: Row) => {
          emit('flow.saved', { companyId, action: 'create', flow: view(row) })
          return view(row)
        }
        if (src.flow === null) return created(copy)
        const graph = typeof src.flow === 'string' ? src.flow : JSON.stringify(src.flow)
        const [version] = await t.insert('flow_versions', { flowId: copy.id, graph }).returning('id')
        const [row] = await t('flows')
          .where({ id: copy.id })
          .update({ flow: graph, versionId: version.id })
          .returning(COLUMNS)
        return created(row)
      })
    },

    /** Runs in flight keep their version (flow_versions.flowId becomes null); phrase campaigns go with the flow. */
    async remove(companyId: number, id: number) {
      const rows = await kernel.tenant(companyId)('flows').where({ id }).delete().returning('id')
      if (!rows.length) throw notFound(ERR_NO_FLOW_FOUND, 'Flow not found')
      await kernel.bus.emit('flow.deleted', { companyId, flowId: id })
    },

    async saveGraph(companyId: number, body: SaveGraphBody) {
      const row = await publish(companyId, body.idFlow, { nodes: body.nodes, connections: body.connections })
      return view(row)
    },

    /** The version a new run of the flow starts on, when the flow is active and saved. */
    async liveVersion(companyId: number, id: number): Promise<number | null> {
      const row = await kernel.tenant(companyId)('flows').where({ id, active: true }).first('versionId')
      return row?.versionId ?? null
    },
  }
}

export type FlowService = ReturnType<typeof createFlowService>
