import {
  AppError,
  ErrorCodes,
  assertKnown,
  badRequest,
  conflict,
  notFound,
  pickDefined,
  type Kernel,
  type OwnerRef,
  type TenantDb,
  toIso,
} from '@atende/sdk'
import { createHash } from 'node:crypto'
import type { Knex } from 'knex'
import type { SessionManager } from './sessions.ts'
import type { SessionStatus } from './providers/types.ts'
import type { TicketsRef } from '@atende/plugin-tickets/api'
import type { PlanLimitsRef } from '@atende/plugin-plans/api'

export const ERR_NO_WAPP_FOUND = 'ERR_NO_WAPP_FOUND'
export const ERR_NO_OTHER_WHATSAPP = 'ERR_NO_OTHER_WHATSAPP'
export const ERR_WAPP_NAME_IN_USE = 'ERR_WAPP_NAME_IN_USE'
export const PROVIDERS = ['beta', 'simulator'] as const

export interface WhatsappInput {
  name: string
  isDefault?: boolean
  greetingMessage?: string
  complationMessage?: string
  outOfHoursMessage?: string
  ratingMessage?: string
  expiresInactiveMessage?: string
  token?: string
  provider?: (typeof PROVIDERS)[number]
  expiresTicket?: number
  timeUseBotQueues?: number
  maxUseBotQueues?: number
  maxAttemptsWithoutResponse?: number
  integrationId?: number | null
  promptId?: number | null
  transferQueueId?: number | null
  redirectQueueId?: number | null
  timeToTransfer?: number | null
  schedules?: Record<string, unknown>[]
  queueIds?: number[]
}

/** What the tickets automations job reads of a connection (connections.withAutomations()). */
export interface ConnectionAutomations {
  id: number
  companyId: number
  name: string
  expiresTicket: number
  expiresInactiveMessage: string
  timeToTransfer: number | null
  transferQueueId: number | null
}

/** A whatsapps row (migration 001). */
interface Row {
  id: number
  companyId: number
  name: string
  /** The session states the providers report (the column holds nothing else). */
  status: SessionStatus
  qrcode: string
  retries: number
  isDefault: boolean
  greetingMessage: string
  complationMessage: string
  outOfHoursMessage: string
  ratingMessage: string
  expiresInactiveMessage: string
  tokenHash: string | null
  tokenPreview: string
  provider: string
  expiresTicket: number
  timeUseBotQueues: number
  maxUseBotQueues: number
  integrationId: number | null
  promptId: number | null
  transferQueueId: number | null
  redirectQueueId: number | null
  timeToTransfer: number | null
  maxAttemptsWithoutResponse: number
  schedules: unknown
  number: string | null
  createdAt: Date | string
  updatedAt: Date | string
}
// Serialises writes of one company's connections (plan count, the single default), per transaction.
const LOCK_SPACE = 7401
const lock = (db: Knex.Transaction, companyId: number) =>
  db.raw('select pg_advisory_xact_lock(?, ?)', [LOCK_SPACE, companyId])

/**
 * What users and frames see of a connection: never its token (an attendant could send as the
 * company with it), only whether one is set and a preview to recognise it.
 */
function view(row: Row, queueIds: number[]) {
  const { tokenHash, tokenPreview, ...rest } = row
  const schedules = typeof row.schedules === 'string' ? JSON.parse(row.schedules) : (row.schedules ?? [])
  return {
    ...rest,
    token: '',
    hasToken: tokenHash != null,
    tokenPreview,
    schedules,
    queueIds,
    createdAt: toIso(row.createdAt),
    updatedAt: toIso(row.updatedAt),
  }
}
export type WhatsappView = ReturnType<typeof view>

/** The connection columns a body may set (queueIds are the whatsapp_queues rows, written apart). */
const WRITABLE = [
  'name',
  'isDefault',
  'greetingMessage',
  'complationMessage',
  'outOfHoursMessage',
  'ratingMessage',
  'expiresInactiveMessage',
  'provider',
  'expiresTicket',
  'timeUseBotQueues',
  'maxUseBotQueues',
  'maxAttemptsWithoutResponse',
  'integrationId',
  'promptId',
  'transferQueueId',
  'redirectQueueId',
  'timeToTransfer',
  'schedules',
] as const satisfies readonly (keyof WhatsappInput)[]

function clean(input: Partial<WhatsappInput>) {
  const out: Record<string, unknown> = pickDefined(input, WRITABLE)
  if (input.name !== undefined) {
    out.name = input.name.trim()
    if ((out.name as string).length < 2 || (out.name as string).length > 50)
      throw badRequest('name', 'Name must have 2 to 50 characters')
  }
  if (input.schedules !== undefined) out.schedules = JSON.stringify(input.schedules)
  if (input.token !== undefined) Object.assign(out, tokenColumns(input.token))
  return out
}

export const ERR_WAPP_TOKEN_WEAK = 'ERR_WAPP_TOKEN_WEAK'
/** A guess per request must not find a token: 16 characters at least (the screen generates 32). */
export const TOKEN_MIN = 16
export const hashConnectionToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** The columns a token sets: '' removes it; anything shorter than TOKEN_MIN is refused. */
function tokenColumns(token: string) {
  if (token === '') return { tokenHash: null, tokenPreview: '' }
  if (token.length < TOKEN_MIN || /\s/.test(token))
    throw badRequest('token', `The token needs at least ${TOKEN_MIN} characters and no spaces`, ERR_WAPP_TOKEN_WEAK)
  return { tokenHash: hashConnectionToken(token), tokenPreview: `${token.slice(0, 4)}…${token.slice(-4)}` }
}

export function createConnectionService(kernel: Kernel, sessions: SessionManager) {
  async function queueIdsOf(t: TenantDb, ids: number[]) {
    const map = new Map<number, number[]>(ids.map((id) => [id, []]))
    if (!ids.length) return map
    const rows = await t('whatsapp_queues')
      .whereIn('whatsappId', ids)
      .orderBy('queueId')
      .select('whatsappId', 'queueId')
    for (const r of rows) map.get(r.whatsappId)?.push(r.queueId)
    return map
  }

  /**
   * Every id the body names is one of the company's records, asked of the plugin that owns it (found
   * by service name; while one is not installed, none of its ids is valid). Called before the unit
   * of work: embedded mode has one connection, held by the transaction.
   */
  async function checkReferences(companyId: number, input: Partial<WhatsappInput>) {
    const owner = (name: 'queues' | 'integrations' | 'prompts') =>
      kernel.services.find<OwnerRef<typeof name>>(name)?.ownedBy
    const queue = { code: 'ERR_QUEUE_NOT_FOUND', message: 'Queue not found' }
    await assertKnown(companyId, input.queueIds ?? [], owner('queues'), { field: 'queueIds', ...queue })
    await assertKnown(companyId, input.transferQueueId, owner('queues'), { field: 'transferQueueId', ...queue })
    await assertKnown(companyId, input.redirectQueueId, owner('queues'), { field: 'redirectQueueId', ...queue })
    await assertKnown(companyId, input.integrationId, owner('integrations'), { field: 'integrationId' })
    await assertKnown(companyId, input.promptId, owner('prompts'), { field: 'promptId' })
    return input.queueIds ? [...new Set(input.queueIds)] : undefined
  }

  async function setQueues(t: TenantDb, whatsappId: number, queueIds: number[]) {
    await t('whatsapp_queues').where({ whatsappId }).delete()
    if (queueIds.length)
      await t.insert(
        'whatsapp_queues',
        queueIds.map((queueId) => ({ whatsappId, queueId })),
      )
  }

  async function nameFree(t: TenantDb, name: string, exceptId?: number) {
    const q = t('whatsapps').whereRaw('lower(name) = lower(?)', [name])
    if (exceptId) q.whereNot('id', exceptId)
    if (await q.first('id'))
      throw conflict(ERR_WAPP_NAME_IN_USE, 'A connection with this name already exists', { field: 'name' })
  }

  async function row(t: TenantDb, id: number): Promise<Row> {
    const r = await t('whatsapps').where({ id }).first()
    if (!r) throw notFound(ERR_NO_WAPP_FOUND, 'Connection not found')
    return r
  }

  async function get(companyId: number, id: number) {
    const t = kernel.tenant(companyId)
    const r = await row(t, id)
    return view(r, (await queueIdsOf(t, [id])).get(id)!)
  }

  /** Other rows lose the default flag; each is announced so open screens follow. */
  async function unsetOtherDefaults(t: TenantDb, id: number, emit: (w: Row) => void) {
    const changed: Row[] = await t('whatsapps')
      .where({ isDefault: true })
      .whereNot('id', id)
      .update({ isDefault: false, updatedAt: new Date() })
      .returning('*')
    for (const w of changed) emit(w)
  }

  return {
    get,
    row: (companyId: number, id: number) => row(kernel.tenant(companyId), id),

    /**
     * Every company's connections with a ticket automation set (expiresTicket hours; timeToTransfer
     * minutes with a transferQueueId), for the tickets plugin's automations job: a platform task
     * over all tenants, as the session resume pass is, and read-only.
     */
    async withAutomations(): Promise<ConnectionAutomations[]> {
      return kernel
        .db('whatsapps')
        .where('expiresTicket', '>', 0)
        .orWhere((q) => q.where('timeToTransfer', '>', 0).whereNotNull('transferQueueId'))
        .orderBy([{ column: 'companyId' }, { column: 'id' }])
        .select(
          'id',
          'companyId',
          'name',
          'expiresTicket',
          'expiresInactiveMessage',
          'timeToTransfer',
          'transferQueueId',
        )
    },

    async list(companyId: number) {
      const t = kernel.tenant(companyId)
      const rows: Row[] = await t('whatsapps')
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .select()
      const queues = await queueIdsOf(
        t,
        rows.map((r) => r.id),
      )
      return rows.map((r) => view(r, queues.get(r.id)!))
    },

    async create(companyId: number, input: WhatsappInput) {
      const limit = (await kernel.services.find<PlanLimitsRef>('plans.limits')?.of(companyId))?.connections ?? 0
      const queueIds = (await checkReferences(companyId, input)) ?? []
      const id = await kernel.unitOfWork(companyId, async ({ db, t, emit }) => {
        await lock(db, companyId)
        const data = clean(input)
        await nameFree(t, data.name as string)
        const [{ n }] = await t('whatsapps').count({ n: '*' })
        // 0 = unlimited (plan limits).
        if (limit > 0 && Number(n) >= limit)
          throw new AppError(ErrorCodes.PLAN_LIMIT, 403, `The plan allows ${limit} connections`)
        // The first connection is the default; a new default takes the flag from the others.
        const isDefault = Number(n) === 0 || input.isDefault === true
        const announce = (w: Row) => emit('whatsapp.updated', { companyId, whatsapp: view(w, []) })
        if (isDefault) await unsetOtherDefaults(t, -1, announce)
        const [created]: Row[] = await t.insert('whatsapps', { ...data, isDefault }).returning('*')
        await setQueues(t, created.id, queueIds)
        emit('whatsapp.updated', { companyId, whatsapp: view(created, queueIds) })
        return created.id as number
      })
      const created = await get(companyId, id)
      // Simulator sessions start right away (waiting for the QR scan); others start on request.
      if (created.provider === 'simulator') await sessions.start(created)
      return get(companyId, id)
    },

    async update(companyId: number, id: number, input: Partial<WhatsappInput>) {
      // Found first: another company's id is a 404 whatever the body says.
      await row(kernel.tenant(companyId), id)
      const queueIds = await checkReferences(companyId, input)
      const before = await kernel.unitOfWork(companyId, async ({ db, t, emit }) => {
        await lock(db, companyId)
        const current = await row(t, id)
        const data = clean(input)
        if (input.isDefault === false && current.isDefault) {
          throw new AppError(
            ERR_NO_OTHER_WHATSAPP,
            400,
            'At least one default connection is required: make another one the default instead',
            { field: 'isDefault' },
          )
        }
        if (data.name !== undefined) await nameFree(t, data.name as string, id)
        if (input.isDefault === true && !current.isDefault)
          await unsetOtherDefaults(t, id, (w) => emit('whatsapp.updated', { companyId, whatsapp: view(w, []) }))
        const [updated]: Row[] = await t('whatsapps')
          .where({ id })
          .update({ ...data, updatedAt: new Date() })
          .returning('*')
        if (queueIds) await setQueues(t, id, queueIds)
        emit('whatsapp.updated', {
          companyId,
          whatsapp: view(updated, queueIds ?? (await queueIdsOf(t, [id])).get(id)!),
        })
        return current
      })
      // A session belongs to its provider: switching providers ends it, in whichever process runs it.
      if (input.provider && input.provider !== before.provider) await sessions.stop(id)
      return get(companyId, id)
    },

    /** Deleting the default while others exist promotes the oldest remaining connection. */
    async remove(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async (uow) => {
        const { db, t, emit } = uow
        await lock(db, companyId)
        const [gone]: Row[] = await t('whatsapps').where({ id }).delete().returning('*')
        if (!gone) throw notFound(ERR_NO_WAPP_FOUND, 'Connection not found')
        if (gone.isDefault) {
          const next = await t('whatsapps').orderBy('id').first('id')
          if (next) {
            const [promoted]: Row[] = await t('whatsapps')
              .where({ id: next.id })
              .update({ isDefault: true, updatedAt: new Date() })
              .returning('*')
            emit('whatsapp.updated', {
              companyId,
              whatsapp: view(promoted, (await queueIdsOf(t, [next.id])).get(next.id)!),
            })
          }
        }
        // No user keeps it as their default: a call down, in this transaction.
        await kernel.services.get<TicketsRef>('tickets').releaseConnection(uow, id)
        emit('whatsapp.deleted', { companyId, whatsappId: id })
      })
      await sessions.stop(id, { silent: true })
    },
  }
}
export type ConnectionService = ReturnType<typeof createConnectionService>
