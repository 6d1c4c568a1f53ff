import { assertKnown, badRequest, notFound, toIso, type Kernel } from '@atende/sdk'
import type { ConnectionsRef } from '@atende/plugin-connections/api'
import type { QueuesRef } from '@atende/plugin-queues/api'
import { MODELS, type Prompt } from './api.ts'
import { NAME_MAX, NAME_MIN, PROMPT_MIN, type PromptBody } from './schemas.ts'

export const ERR_NO_PROMPT_FOUND = 'ERR_NO_PROMPT_FOUND'
const TABLE = 'prompts'

/** A stored prompt; apiKey and voiceKey are sealed (kernel.vault). */
export interface PromptRow {
  id: number
  companyId: number
  name: string
  prompt: string
  model: string
  maxTokens: number
  temperature: number
  apiKey: string
  queueId: number | null
  maxMessages: number
  voice: string
  voiceKey: string
  voiceRegion: string
  createdAt: Date | string
  updatedAt: Date | string
}
const COLUMNS = [
  'id',
  'companyId',
  'name',
  'prompt',
  'model',
  'maxTokens',
  'temperature',
  'apiKey',
  'queueId',
  'maxMessages',
  'voice',
  'voiceKey',
  'voiceRegion',
  'createdAt',
  'updatedAt',
]

/** Enough of a key for its owner to recognise it, too little to use it. */
const mask = (key: string) => (!key ? '' : key.length >= 12 ? `${key.slice(0, 3)}…${key.slice(-4)}` : '••••')

/** Spoken replies go to `https://{region}.tts.speech.microsoft.com`: the region is a host label, nothing else. */
const REGION = /^[a-z0-9]{2,30}$/

/** Prompts: every query scoped to the caller's company. */
export function createPromptService(kernel: Kernel) {
  const queues = () => kernel.services.find<QueuesRef>('queues')

  /** Queue names by id, read before any transaction (embedded mode has a single connection). */
  async function queueNames(companyId: number, rows: Pick<PromptRow, 'queueId'>[]) {
    const ids = [...new Set(rows.map((r) => r.queueId).filter((id): id is number => !!id))]
    return new Map((ids.length ? ((await queues()?.byIds(companyId, ids)) ?? []) : []).map((q) => [q.id, q.name]))
  }

  function view(r: PromptRow, names: Map<number, string>): Prompt {
    const apiKey = kernel.vault.open(r.apiKey)
    const voiceKey = kernel.vault.open(r.voiceKey)
    return {
      ...r,
      temperature: Number(r.temperature),
      apiKey: '',
      apiKeySet: !!apiKey,
      apiKeyMask: mask(apiKey),
      queue: r.queueId && names.has(r.queueId) ? { id: r.queueId, name: names.get(r.queueId)! } : null,
      voiceKey: '',
      voiceKeySet: !!voiceKey,
      voiceKeyMask: mask(voiceKey),
      createdAt: toIso(r.createdAt),
      updatedAt: toIso(r.updatedAt),
    }
  }

  /** The row a body writes, picked field by field and checked as the dialog checks it. */
  async function fields(companyId: number, body: PromptBody, current?: PromptRow) {
    const name = body.name.trim()
    if (name.length < NAME_MIN || name.length > NAME_MAX)
      throw badRequest('name', `The name has ${NAME_MIN} to ${NAME_MAX} characters`)
    const prompt = body.prompt.trim()
    if (prompt.length < PROMPT_MIN) throw badRequest('prompt', `The prompt has ${PROMPT_MIN} characters at least`)
    const temperature = body.temperature ?? Number(current?.temperature ?? 1)
    if (Math.abs(temperature * 10 - Math.round(temperature * 10)) > 1e-9)
      throw badRequest('temperature', 'The temperature goes from 0 to 1 in steps of 0.1')
    await assertKnown(companyId, body.queueId, kernel.services.find<QueuesRef>('queues')?.ownedBy, {
      field: 'queueId',
    })
    const apiKey = body.apiKey?.trim() || (current ? kernel.vault.open(current.apiKey) : '')
    if (!apiKey) throw badRequest('apiKey', 'The OpenAI key is required')
    const voice = body.voice ?? current?.voice ?? 'texto'
    const voiceKey = body.voiceKey?.trim() || (current ? kernel.vault.open(current.voiceKey) : '')
    const voiceRegion = (body.voiceRegion ?? current?.voiceRegion ?? '').trim().toLowerCase()
    if (voice !== 'texto') {
      if (!voiceKey) throw badRequest('voiceKey', 'A spoken voice needs the Azure speech key')
      if (!REGION.test(voiceRegion))
        throw badRequest('voiceRegion', 'A spoken voice needs the Azure region, e.g. brazilsouth')
    }
    return {
      name,
      prompt,
      model: body.model ?? current?.model ?? MODELS[0],
      maxTokens: body.maxTokens ?? current?.maxTokens ?? 100,
      temperature: Math.round(temperature * 10) / 10,
      apiKey: kernel.vault.seal(apiKey),
      queueId: body.queueId,
      maxMessages: body.maxMessages ?? current?.maxMessages ?? 10,
      voice,
      voiceKey: kernel.vault.seal(voiceKey),
      voiceRegion: REGION.test(voiceRegion) ? voiceRegion : '',
    }
  }

  async function find(companyId: number, id: number): Promise<PromptRow> {
    const row = await kernel.tenant(companyId)(TABLE).where({ id }).whereNull('origin').first(COLUMNS)
    if (!row) throw notFound(ERR_NO_PROMPT_FOUND, 'Prompt not found')
    return row
  }

  return {
    /** Every prompt of the company by name: a company has a handful (one per queue at most, in use). */
    async list(companyId: number) {
      const rows: PromptRow[] = await kernel
        .tenant(companyId)(TABLE)
        .whereNull('origin')
        .orderBy([{ column: 'name' }, { column: 'id' }])
        .select(COLUMNS)
      const names = await queueNames(companyId, rows)
      return { prompts: rows.map((r) => view(r, names)) }
    },

    async get(companyId: number, id: number) {
      const row = await find(companyId, id)
      return view(row, await queueNames(companyId, [row]))
    },

    /** For the runtime: the row with its keys opened. */
    async secrets(companyId: number, id: number) {
      const row: PromptRow | undefined = await kernel.tenant(companyId)(TABLE).where({ id }).first(COLUMNS)
      if (!row) return null
      return {
        ...row,
        temperature: Number(row.temperature),
        apiKey: kernel.vault.open(row.apiKey),
        voiceKey: kernel.vault.open(row.voiceKey),
      }
    },

    async create(companyId: number, body: PromptBody) {
      const data = await fields(companyId, body)
      const names = await queueNames(companyId, [data])
      return kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const [row] = await t.insert(TABLE, data).returning(COLUMNS)
        const prompt = view(row, names)
        emit('prompt.saved', { companyId, action: 'create', prompt })
        return prompt
      })
    },

    async update(companyId: number, id: number, body: PromptBody) {
      const data = await fields(companyId, body, await find(companyId, id))
      const names = await queueNames(companyId, [data])
      return kernel.unitOfWork(companyId, async ({ t, emit }) => {
        const [row] = await t(TABLE)
          .where({ id })
          .whereNull('origin')
          .update({ ...data, updatedAt: new Date() })
          .returning(COLUMNS)
        if (!row) throw notFound(ERR_NO_PROMPT_FOUND, 'Prompt not found')
        const prompt = view(row, names)
        emit('prompt.saved', { companyId, action: 'update', prompt })
        return prompt
      })
    },

    async remove(companyId: number, id: number) {
      await kernel.unitOfWork(companyId, async (uow) => {
        const { t, emit } = uow
        const rows = await t(TABLE).where({ id }).whereNull('origin').delete().returning('id')
        if (!rows.length) throw notFound(ERR_NO_PROMPT_FOUND, 'Prompt not found')
        // No queue or connection hands customers to it any more: calls down to their plugins.
        await kernel.services.get<QueuesRef>('queues').releaseBot(uow, { promptId: id })
        await kernel.services.get<ConnectionsRef>('connections').releaseBot(uow, { promptId: id })
        emit('prompt.deleted', { companyId, promptId: id })
      })
    },
  }
}

export type PromptService = ReturnType<typeof createPromptService>
