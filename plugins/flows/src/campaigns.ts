/**
 * Phrase campaigns (/flowcampaign): a phrase on a
 * connection starts a flow. Matching is exact after normalising both sides (case, accents, spaces
 * around and inside), as the anchors match; "contains" is not offered, so an ordinary sentence never
 * starts a flow by accident. One active campaign per phrase and connection.
 */
import { AppError, badRequest, notFound, toIso, type Kernel, type TenantDb } from '@atende/sdk'
import type { ConnectionsRef } from '@atende/plugin-connections/api'
import { normalise } from './interpreter.ts'
import type { CreateCampaignBody, FlowCampaign, UpdateCampaignBody } from './schemas.ts'
import { ERR_NO_FLOW_FOUND } from './service.ts'

export const ERR_NO_FLOW_CAMPAIGN_FOUND = 'ERR_NO_FLOW_CAMPAIGN_FOUND'
export const ERR_FLOW_PHRASE_IN_USE = 'ERR_FLOW_PHRASE_IN_USE'

interface Row {
  id: number
  companyId: number
  name: string
  flowId: number
  whatsappId: number
  phrase: string
  status: boolean
  createdAt: Date | string
  updatedAt: Date | string
}
const COLUMNS = ['id', 'companyId', 'name', 'flowId', 'whatsappId', 'phrase', 'status', 'createdAt', 'updatedAt']

export function createCampaignService(kernel: Kernel) {
  const connections = () => kernel.services.get<ConnectionsRef>('connections')

  /** The rows with the names the list shows: two queries for any number of rows. */
  async function views(companyId: number, rows: Row[]): Promise<FlowCampaign[]> {
    if (!rows.length) return []
    const flowIds = [...new Set(rows.map((r) => r.flowId))]
    const flowNames = new Map<number, string>(
      (await kernel.tenant(companyId)('flows').whereIn('id', flowIds).select('id', 'name')).map(
        (f: { id: number; name: string }) => [f.id, f.name],
      ),
    )
    const whatsappNames = new Map(
      (
        await connections().namesByIds(
          companyId,
          rows.map((r) => r.whatsappId),
        )
      ).map((w) => [w.id, w.name]),
    )
    return rows.map((r) => ({
      id: r.id,
      companyId: r.companyId,
      name: r.name,
      flowId: r.flowId,
      whatsappId: r.whatsappId,
      phrase: r.phrase,
      status: r.status,
      flowName: flowNames.get(r.flowId) ?? '',
      whatsappName: whatsappNames.get(r.whatsappId) ?? null,
      createdAt: toIso(r.createdAt),
      updatedAt: toIso(r.updatedAt),
    }))
  }

  /** Read before the unit of work opens (embedded mode has one connection). */
  async function assertConnection(companyId: number, whatsappId: number) {
    try {
      await connections().get(companyId, whatsappId)
    } catch {
      throw new AppError('ERR_NO_WAPP_FOUND', 400, 'The connection is not one of this company', { field: 'whatsappId' })
    }
  }

  /** Every id the body names must be the caller's company's; the phrase must be free on the connection. */
  async function checked(t: TenantDb, body: CreateCampaignBody, id?: number, active = true) {
    const name = body.name.trim()
    const phrase = body.phrase.trim()
    if (!name) throw badRequest('name', 'Name is required')
    const phraseKey = normalise(phrase)
    if (!phraseKey) throw badRequest('phrase', 'Phrase is required')
    if (!(await t('flows').where({ id: body.flowId }).first('id')))
      throw new AppError(ERR_NO_FLOW_FOUND, 400, 'The flow is not one of this company', { field: 'flowId' })
    if (active) {
      const clash = t('flow_campaigns').where({ whatsappId: body.whatsappId, phraseKey, status: true })
      if (id) clash.whereNot({ id })
      if (await clash.first('id'))
        throw new AppError(ERR_FLOW_PHRASE_IN_USE, 400, 'This phrase already starts a flow on this connection', {
          field: 'phrase',
        })
    }
    return { name, flowId: body.flowId, whatsappId: body.whatsappId, phrase, phraseKey }
  }

  return {
    async list(companyId: number) {
      const rows: Row[] = await kernel
        .tenant(companyId)('flow_campaigns')
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .limit(1000)
        .select(COLUMNS)
      return views(companyId, rows)
    },

    async get(companyId: number, id: number) {
      const row = await kernel.tenant(companyId)('flow_campaigns').where({ id }).first(COLUMNS)
      if (!row) throw notFound(ERR_NO_FLOW_CAMPAIGN_FOUND, 'Phrase campaign not found')
      return (await views(companyId, [row]))[0]
    },

    async create(companyId: number, body: CreateCampaignBody) {
      await assertConnection(companyId, body.whatsappId)
      const row = await kernel.unitOfWork(companyId, async ({ t }) => {
        const fields = await checked(t, body)
        const [created] = await t.insert('flow_campaigns', { ...fields, status: true }).returning(COLUMNS)
        return created as Row
      })
      return (await views(companyId, [row]))[0]
    },

    async update(companyId: number, body: UpdateCampaignBody) {
      await assertConnection(companyId, body.whatsappId)
      const row = await kernel.unitOfWork(companyId, async ({ t }) => {
        const current = await t('flow_campaigns').where({ id: body.id }).first('status')
        if (!current) throw notFound(ERR_NO_FLOW_CAMPAIGN_FOUND, 'Phrase campaign not found')
        const status = body.status ?? current.status
        const fields = await checked(t, body, body.id, status)
        const [updated] = await t('flow_campaigns')
          .where({ id: body.id })
          .update({ ...fields, status, updatedAt: new Date() })
          .returning(COLUMNS)
        return updated as Row
      })
      return (await views(companyId, [row]))[0]
    },

    async remove(companyId: number, id: number) {
      const rows = await kernel.tenant(companyId)('flow_campaigns').where({ id }).delete().returning('id')
      if (!rows.length) throw notFound(ERR_NO_FLOW_CAMPAIGN_FOUND, 'Phrase campaign not found')
    },

    /** The flow version a message starts on this connection, if its text is an active phrase. */
    async match(companyId: number, whatsappId: number, text: string) {
      const phraseKey = normalise(text)
      if (!phraseKey || phraseKey.length > 255) return null
      const row = await kernel
        .tenant(companyId)('flow_campaigns as c')
        .join('flows as f', 'f.id', 'c.flowId')
        .where({ 'c.whatsappId': whatsappId, 'c.phraseKey': phraseKey, 'c.status': true, 'f.active': true })
        .where('f.companyId', companyId)
        .whereNotNull('f.versionId')
        .first('f.id as flowId', 'f.versionId as versionId')
      return row ? { flowId: row.flowId as number, versionId: row.versionId as number } : null
    },

    /** A deleted connection's campaigns go with it. */
    async forgetConnection(companyId: number, whatsappId: number) {
      await kernel.tenant(companyId)('flow_campaigns').where({ whatsappId }).delete()
    },
  }
}

export type CampaignService = ReturnType<typeof createCampaignService>
