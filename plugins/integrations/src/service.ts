import { randomBytes } from 'node:crypto'
import {
  AppError,
  PAGE_SIZE,
  assertPublicUrl,
  badRequest,
  notFound,
  pageOffset,
  toIso,
  type Kernel,
  likePattern,
  tooShort,
} from '@atende/sdk'
import type { FlowsRef } from '@atende/plugin-flows/api'
import type { ConnectionsRef } from '@atende/plugin-connections/api'
import type { QueuesRef } from '@atende/plugin-queues/api'
import type { IntegrationBody, IntegrationType, QueueIntegration, TestSessionBody } from './schemas.ts'
import { DialogflowFailure, detectIntent } from './dialogflow.ts'

export const ERR_NO_INTEGRATION_FOUND = 'ERR_NO_INTEGRATION_FOUND'

interface Row extends Omit<QueueIntegration, 'createdAt' | 'updatedAt' | 'jsonContentSet'> {
  createdAt: Date | string
  updatedAt: Date | string
}
const COLUMNS = [
  'id',
  'companyId',
  'type',
  'name',
  'projectName',
  'jsonContent',
  'language',
  'urlN8N',
  'typebotSlug',
  'typebotExpires',
  'typebotDelayMessage',
  'typebotKeywordFinish',
  'typebotKeywordRestart',
  'typebotRestartMessage',
  'typebotUnknownMessage',
  'flowId',
  'secret',
  'createdAt',
  'updatedAt',
]

/** The Dialogflow key stays on the server: answers say only whether one is stored. */
export const view = (r: Row): QueueIntegration => ({
  ...r,
  jsonContent: '',
  jsonContentSet: !!r.jsonContent,
  createdAt: toIso(r.createdAt),
  updatedAt: toIso(r.updatedAt),
})
/** Types whose projectName is their name. */
const NAMED_PROJECT: IntegrationType[] = ['n8n', 'webhook', 'typebot', 'flowbuilder']

/** Queue integrations: every query scoped to the caller's company. */
export function createIntegrationService(kernel: Kernel) {
  const flows = () => kernel.services.find<FlowsRef>('flows')
  /** A key sealed under another ENCRYPTION_KEY cannot be read: as if none were stored. */
  const open = (sealed: string) => {
    try {
      return kernel.vault.open(sealed)
    } catch {
      return ''
    }
  }

  /** The row an integration body writes, picked by name and checked per type; `current` on edits. */
  async function fields(companyId: number, body: IntegrationBody, current?: Row) {
    const name = body.name.trim()
    if (name.length < 2) throw tooShort('name', 2)
    const url = body.urlN8N?.trim() ?? ''
    if (['n8n', 'webhook', 'typebot'].includes(body.type)) {
      if (!url) throw badRequest('urlN8N', 'Required')
      await assertPublicUrl(url, 'urlN8N')
    }
    const slug = body.typebotSlug?.trim() ?? ''
    if (body.type === 'typebot' && !slug) throw badRequest('typebotSlug', 'Required')
    let flowId: number | null = null
    if (body.type === 'flowbuilder') {
      if (!body.flowId) throw badRequest('flowId', 'Required')
      if (!(await flows()?.exists(companyId, body.flowId)))
        throw new AppError('ERR_NO_FLOW_FOUND', 400, 'The flow is not one of this company', { field: 'flowId' })
      flowId = body.flowId
    }
    // An edit that leaves the key empty keeps the stored one (the browser never had it).
    const jsonContent = body.jsonContent?.trim() || (current?.type === 'dialogflow' ? open(current.jsonContent) : '')
    if (body.type === 'dialogflow') {
      if (!body.projectName?.trim()) throw badRequest('projectName', 'Required')
      if (!jsonContent) throw badRequest('jsonContent', 'Required')
      try {
        const key = JSON.parse(jsonContent) as { client_email?: unknown; private_key?: unknown }
        if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') throw new Error('fields')
      } catch {
        throw badRequest('jsonContent', 'A service-account key (JSON with client_email and private_key) is required')
      }
    }
    return {
      type: body.type,
      name,
      projectName: NAMED_PROJECT.includes(body.type) ? name : (body.projectName?.trim() ?? ''),
      // Sealed at rest (kernel vault); opened only for the runtime and the test.
      jsonContent: body.type === 'dialogflow' ? kernel.vault.seal(jsonContent) : '',
      language: body.language ?? 'pt-BR',
      urlN8N: url,
      typebotSlug: slug,
      typebotExpires: body.typebotExpires ?? 1,
      typebotDelayMessage: body.typebotDelayMessage ?? 1000,
      typebotKeywordFinish: body.typebotKeywordFinish?.trim() ?? '',
      typebotKeywordRestart: body.typebotKeywordRestart?.trim() ?? '',
      typebotRestartMessage: body.typebotRestartMessage ?? '',
      typebotUnknownMessage: body.typebotUnknownMessage ?? '',
      flowId,
    }
  }

  /** An admin's integration (a flow node's own are not theirs to see or edit), or any for the runtime. */
  async function find(companyId: number, id: number, flowNodes = false): Promise<Row> {
    const q = kernel.tenant(companyId)('queue_integrations').where({ id })
    if (!flowNodes) q.whereNull('origin')
    const row = await q.first(COLUMNS)
    if (!row) throw notFound(ERR_NO_INTEGRATION_FOUND, 'Integration not found')
    return row
  }

  return {
    async page(companyId: number, searchParam = '', pageNumber = 1) {
      const q = kernel.tenant(companyId)('queue_integrations').whereNull('origin')
      const s = searchParam.trim()
      if (s) q.whereILike('name', likePattern(s))
      const rows: Row[] = await q
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .limit(PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber))
        .select(COLUMNS)
      return { queueIntegrations: rows.slice(0, PAGE_SIZE).map(view), hasMore: rows.length > PAGE_SIZE }
    },

    get: async (companyId: number, id: number) => view(await find(companyId, id)),
    /** For the runtime: the row with its secrets, the key opened. */
    async row(companyId: number, id: number): Promise<Row> {
      const row = await find(companyId, id, true)
      return { ...row, jsonContent: open(row.jsonContent) }
    },

    async create(companyId: number, body: IntegrationBody) {
      const data = await fields(companyId, body)
      return kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const [row] = await t
          .insert('queue_integrations', { ...data, secret: randomBytes(24).toString('hex') })
          .returning(COLUMNS)
        const integration = view(row)
        emit('integration.saved', { companyId, action: 'create', integration })
        return integration
      })
    },

    async update(companyId: number, id: number, body: IntegrationBody) {
      const data = await fields(companyId, body, await find(companyId, id))
      return kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const [row] = await t('queue_integrations')
          .where({ id })
          .whereNull('origin')
          .update({ ...data, updatedAt: new Date() })
          .returning(COLUMNS)
        if (!row) throw notFound(ERR_NO_INTEGRATION_FOUND, 'Integration not found')
        const integration = view(row)
        emit('integration.saved', { companyId, action: 'update', integration })
        return integration
      })
    },

    /**
     * The dialog's "test": a token for the key, then "Olá" to the agent in a
     * session of its own. A failure is a 400 with the reason's code (bad key, refused, no such
     * project, timeout) naming the field to fix. An empty key with the `id` of a Dialogflow
     * integration tests the key stored for it (the edit dialog never has it).
     */
    async testSession(companyId: number, body: TestSessionBody): Promise<{ message: string }> {
      const stored = !body.jsonContent.trim() && body.id ? await find(companyId, body.id) : null
      const key = body.jsonContent.trim() || (stored?.type === 'dialogflow' ? open(stored.jsonContent) : '')
      if (!key) throw badRequest('jsonContent', 'Required')
      try {
        const reply = await detectIntent(
          key,
          body.projectName.trim(),
          `atende-test-${randomBytes(8).toString('hex')}`,
          body.language,
          { text: 'Olá' },
        )
        return { message: reply.texts.length ? `The agent answered: ${reply.texts.join(' ')}` : 'The agent answered' }
      } catch (err) {
        if (!(err instanceof DialogflowFailure)) throw err
        const field = err.code === 'ERR_DIALOGFLOW_PROJECT_NOT_FOUND' ? 'projectName' : 'jsonContent'
        throw new AppError(err.code, 400, err.message, { field })
      }
    },

    async remove(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async (uow) => {
        const { t, emit } = uow
        const rows = await t('queue_integrations').where({ id }).whereNull('origin').delete().returning('id')
        if (!rows.length) throw notFound(ERR_NO_INTEGRATION_FOUND, 'Integration not found')
        // No queue or connection hands customers to it any more: calls down to their plugins.
        // The queues plugin is optional here (not in dependsOn): when absent no queue holds a link.
        await kernel.services.find<QueuesRef>('queues')?.releaseBot(uow, { integrationId: id })
        await kernel.services.get<ConnectionsRef>('connections').releaseBot(uow, { integrationId: id })
        emit('integration.deleted', { companyId, integrationId: id })
      })
    },
  }
}

export type IntegrationService = ReturnType<typeof createIntegrationService>
/** An integration with its secrets, for the runtime. */
export type IntegrationRow = Row
