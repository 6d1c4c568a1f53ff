/**
 * Sub-queue flows (/queue-flow): a main queue
 * whose options route the customer on to other queues. Each is an ordinary flow for the runtime
 * (one runtime, not two): on every save it is published as a version — start → menu (the welcome
 * message, one option per sub-queue) → the option's welcome message → a transfer to its queue — and
 * it starts, once per ticket, when a ticket waits in its main queue with nobody on it.
 */
import { AppError, badRequest, forbidden, notFound, toIso, type Kernel, type TenantDb } from '@atende/sdk'
import type { QueuesRef } from '@atende/plugin-queues/api'
import type { FlowGraph, FlowNode } from './graph.ts'
import type { QueueFlow, QueueFlowBody } from './schemas.ts'

export const ERR_NO_QUEUE_FLOW_FOUND = 'ERR_NO_QUEUE_FLOW_FOUND'
export const ERR_QUEUE_NOT_FOUND = 'ERR_QUEUE_NOT_FOUND'

interface SubFlowRow {
  name: string
  description: string
  targetQueueId: number
  welcomeMessage: string
}
interface Row {
  id: number
  companyId: number
  name: string
  description: string
  queueId: number
  welcomeMessage: string
  isActive: boolean
  subFlows: SubFlowRow[] | string
  versionId: number | null
  createdAt: Date | string
  updatedAt: Date | string
}
const subFlowsOf = (r: Row): SubFlowRow[] => (typeof r.subFlows === 'string' ? JSON.parse(r.subFlows) : r.subFlows)

/** The flow a queue flow runs as. Node ids are stable, so a run's position means the same after a save. */
export function compileQueueFlow(welcomeMessage: string, subFlows: SubFlowRow[]): FlowGraph {
  const at = (x: number, y: number) => ({ x, y })
  const nodes: FlowNode[] = [
    { id: 'start', type: 'start', position: at(0, 0), data: { label: 'Início do fluxo' } },
    {
      id: 'menu',
      type: 'menu',
      position: at(300, 0),
      data: { message: welcomeMessage, arrayOption: subFlows.map((s, i) => ({ number: i + 1, value: s.name })) },
    },
  ]
  const connections: FlowGraph['connections'] = [
    { id: 'start-menu', source: 'start', target: 'menu', sourceHandle: null },
  ]
  subFlows.forEach((s, i) => {
    const n = i + 1
    const transfer: FlowNode = {
      id: `queue${n}`,
      type: 'ticket',
      position: at(900, i * 160),
      data: { queue: { id: s.targetQueueId } },
    }
    nodes.push(transfer)
    if (s.welcomeMessage.trim()) {
      nodes.push({ id: `welcome${n}`, type: 'message', position: at(600, i * 160), data: { label: s.welcomeMessage } })
      connections.push({ id: `m${n}`, source: 'menu', target: `welcome${n}`, sourceHandle: `a${n}` })
      connections.push({ id: `w${n}`, source: `welcome${n}`, target: `queue${n}`, sourceHandle: null })
    } else connections.push({ id: `m${n}`, source: 'menu', target: `queue${n}`, sourceHandle: `a${n}` })
  })
  return { nodes, connections }
}

/** How long a process trusts its list of a company's main queues (another process's edit shows within it). */
export const MAIN_QUEUES_TTL_MS = 5000

export function createQueueFlowService(kernel: Kernel) {
  const queues = () => kernel.services.get<QueuesRef>('queues')
  const cache = new Map<number, { ids: Set<number>; at: number }>()

  async function mainQueues(companyId: number) {
    const hit = cache.get(companyId)
    if (hit && Date.now() - hit.at < MAIN_QUEUES_TTL_MS) return hit.ids
    const rows: { queueId: number }[] = await kernel
      .tenant(companyId)('queue_flows')
      .where({ isActive: true })
      .distinct('queueId')
    const ids = new Set(rows.map((r) => r.queueId))
    if (cache.size > 10_000) cache.clear()
    cache.set(companyId, { ids, at: Date.now() })
    return ids
  }
  const changed = (companyId: number) => cache.delete(companyId)

  function assertOwn(auth: { companyId: number }, companyId: number) {
    if (auth.companyId !== companyId) throw forbidden('ERR_NO_PERMISSION', 'Another company’s queue flows')
  }

  async function views(companyId: number, rows: Row[]): Promise<QueueFlow[]> {
    const ids = rows.flatMap((r) => [r.queueId, ...subFlowsOf(r).map((s) => s.targetQueueId)])
    const byId = new Map((await queues().byIds(companyId, ids)).map((q) => [q.id, q]))
    return rows.map((r) => ({
      id: r.id,
      companyId: r.companyId,
      name: r.name,
      description: r.description,
      queueId: r.queueId,
      welcomeMessage: r.welcomeMessage,
      isActive: r.isActive,
      queue: byId.get(r.queueId) ?? null,
      subFlows: subFlowsOf(r).map((s) => ({ ...s, targetQueue: byId.get(s.targetQueueId) ?? null })),
      createdAt: toIso(r.createdAt),
      updatedAt: toIso(r.updatedAt),
    }))
  }

  /** The body's fields, its queue ids checked to be the company's; the graph it compiles to. */
  async function fields(companyId: number, body: QueueFlowBody) {
    const name = body.name.trim()
    if (!name) throw badRequest('name', 'Nome e fila são obrigatórios')
    if (!body.subFlows.length) throw badRequest('subFlows', 'Adicione pelo menos uma sub-fila')
    const subFlows: SubFlowRow[] = body.subFlows.map((s, i) => {
      if (!s.name.trim()) throw badRequest(`subFlows.${i}.name`, 'Nome da Opção is required')
      return {
        name: s.name.trim(),
        description: s.description?.trim() ?? '',
        targetQueueId: s.targetQueueId,
        welcomeMessage: s.welcomeMessage ?? '',
      }
    })
    const ids = [body.queueId, ...subFlows.map((s) => s.targetQueueId)]
    if (!(await queues().exists(companyId, ids)))
      throw new AppError(ERR_QUEUE_NOT_FOUND, 400, 'A queue is not one of this company', { field: 'queueId' })
    const welcomeMessage = body.welcomeMessage ?? ''
    return {
      row: { name, description: body.description?.trim() ?? '', queueId: body.queueId, welcomeMessage, subFlows },
      graph: compileQueueFlow(welcomeMessage, subFlows),
    }
  }

  async function publish(t: TenantDb, graph: FlowGraph) {
    const [v] = await t.insert('flow_versions', { flowId: null, graph: JSON.stringify(graph) }).returning('id')
    return v.id as number
  }

  return {
    assertOwn,

    queues: (companyId: number) => queues().names(companyId),

    async list(companyId: number) {
      const rows: Row[] = await kernel.tenant(companyId)('queue_flows').orderBy('id').limit(500).select('*')
      return views(companyId, rows)
    },

    async create(companyId: number, body: QueueFlowBody) {
      const { row, graph } = await fields(companyId, body)
      const created = await kernel.unitOfWork(companyId, async ({ t }) => {
        const versionId = await publish(t, graph)
        const [r] = await t
          .insert('queue_flows', {
            ...row,
            subFlows: JSON.stringify(row.subFlows),
            isActive: body.isActive ?? true,
            versionId,
          })
          .returning('*')
        return r as Row
      })
      changed(companyId)
      return (await views(companyId, [created]))[0]
    },

    async update(companyId: number, id: number, body: QueueFlowBody) {
      const { row, graph } = await fields(companyId, body)
      const updated = await kernel.unitOfWork(companyId, async ({ t }) => {
        const current = await t('queue_flows').where({ id }).first('isActive')
        if (!current) throw notFound(ERR_NO_QUEUE_FLOW_FOUND, 'Queue flow not found')
        const versionId = await publish(t, graph)
        const [r] = await t('queue_flows')
          .where({ id })
          .update({
            ...row,
            subFlows: JSON.stringify(row.subFlows),
            isActive: body.isActive ?? current.isActive,
            versionId,
            updatedAt: new Date(),
          })
          .returning('*')
        return r as Row
      })
      changed(companyId)
      return (await views(companyId, [updated]))[0]
    },

    async remove(companyId: number, id: number) {
      const rows = await kernel.tenant(companyId)('queue_flows').where({ id }).delete().returning('id')
      changed(companyId)
      if (!rows.length) throw notFound(ERR_NO_QUEUE_FLOW_FOUND, 'Queue flow not found')
    },

    /** The active queue flow of a main queue (the newest, if an admin made two). */
    async forQueue(companyId: number, queueId: number) {
      // Asked on every move of a waiting ticket: most companies have no queue flow, known without a query.
      if (!(await mainQueues(companyId)).has(queueId)) return null
      const row = await kernel
        .tenant(companyId)('queue_flows')
        .where({ queueId, isActive: true })
        .whereNotNull('versionId')
        .orderBy('id', 'desc')
        .first('id', 'versionId')
      return row ? { id: row.id as number, versionId: row.versionId as number } : null
    },

    /** A deleted queue takes its queue flows with it. */
    async forgetQueue(companyId: number, queueId: number) {
      await kernel.tenant(companyId)('queue_flows').where({ queueId }).delete()
      changed(companyId)
    },
  }
}

export type QueueFlowService = ReturnType<typeof createQueueFlowService>
