import { randomUUID } from 'node:crypto'
import {
  assertKnown,
  AppError,
  ErrorCodes,
  PAGE_SIZE,
  badRequest,
  forbidden,
  likePattern,
  notFound,
  pageOffset,
  toIso,
  type AuthInfo,
  type Kernel,
  type UnitOfWork,
  type TenantDb,
} from '@atende/sdk'
import { MESSAGES_PAGE_SIZE, type Chat, type ChatMessage, type ChatUser } from './api.ts'
import type { CreateBody, MessageBody, UpdateBody } from './schemas.ts'

/** Translated by the client (modules/chats/src/i18n, `errors.` keys). */
export const NOT_FOUND = 'ERR_NO_CHAT_FOUND'
export const INVALID_USER = 'ERR_CHAT_INVALID_USER'

interface Row {
  id: number
  uuid: string
  companyId: number
  title: string
  ownerId: number | null
  lastMessage: string
  createdAt: Date | string
  updatedAt: Date | string
}
const COLUMNS = ['id', 'uuid', 'companyId', 'title', 'ownerId', 'lastMessage', 'createdAt', 'updatedAt']
const QUALIFIED = COLUMNS.map((c) => `chats.${c}`)

interface MessageRow {
  id: number
  chatId: number
  senderId: number | null
  senderName: string | null
  message: string
  createdAt: Date | string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function cleanTitle(title: string) {
  const trimmed = title.trim()
  if (!trimmed) throw badRequest('title', 'The chat needs a title')
  return trimmed
}

const missing = () => notFound(NOT_FOUND, 'Chat not found')

/** Every query goes through kernel.tenant(companyId) (or the unit of work's): another company's id is simply not found. */
export function createChatService(kernel: Kernel) {
  /** The chats the caller is a member of. */
  function visible(t: TenantDb, userId: number) {
    return t('chats').join('chat_users', function () {
      this.on('chat_users.chatId', '=', 'chats.id').andOnVal('chat_users.userId', '=', userId)
    })
  }

  async function find(t: TenantDb, auth: AuthInfo, key: number | string): Promise<Row> {
    const q = visible(t, auth.userId)
    if (typeof key === 'string' && UUID.test(key)) q.where('chats.uuid', key.toLowerCase())
    else if (Number.isSafeInteger(Number(key)) && Number(key) <= 2_147_483_647) q.where('chats.id', Number(key))
    else throw missing()
    const row = await q.first(QUALIFIED)
    if (!row) throw missing()
    return row
  }

  /** Rows as answers with their members (one query for all of them); `unreads` is `viewer`'s. */
  async function views(t: TenantDb, rows: Row[], viewer: number): Promise<Chat[]> {
    if (!rows.length) return []
    const links: { chatId: number; userId: number; unreads: number; owner: boolean; name: string }[] = await t(
      'chat_users',
    )
      .join('users', 'users.id', 'chat_users.userId')
      .whereIn(
        'chat_users.chatId',
        rows.map((r) => r.id),
      )
      .orderBy([{ column: 'users.name' }, { column: 'users.id' }])
      .select('chat_users.chatId', 'chat_users.userId', 'chat_users.unreads', 'chat_users.owner', 'users.name')
    const byChat = new Map<number, ChatUser[]>()
    for (const l of links) {
      const list = byChat.get(l.chatId) ?? []
      list.push({
        userId: l.userId,
        unreads: Number(l.unreads),
        owner: !!l.owner,
        user: { id: l.userId, name: l.name },
      })
      byChat.set(l.chatId, list)
    }
    return rows.map((r) => {
      const users = byChat.get(r.id) ?? []
      return {
        id: r.id,
        uuid: r.uuid,
        companyId: r.companyId,
        title: r.title,
        ownerId: r.ownerId,
        lastMessage: r.lastMessage,
        unreads: users.find((u) => u.userId === viewer)?.unreads ?? 0,
        users,
        createdAt: toIso(r.createdAt),
        updatedAt: toIso(r.updatedAt),
      }
    })
  }
  const viewOf = async (t: TenantDb, row: Row, viewer: number) => (await views(t, [row], viewer))[0]

  const messageView = (m: MessageRow, viewer: number): ChatMessage => ({
    id: m.id,
    chatId: m.chatId,
    senderId: m.senderId,
    sender: m.senderId == null ? null : { id: m.senderId, name: m.senderName ?? '' },
    message: m.message,
    fromMe: m.senderId === viewer,
    createdAt: toIso(m.createdAt),
  })

  /** The members a body names besides the caller: users of the caller's company (asked of kernel.accounts), at least one. */
  async function others(uow: UnitOfWork, auth: AuthInfo, ids: number[]) {
    const distinct = [...new Set(ids)].filter((id) => id !== auth.userId)
    await assertKnown(
      auth.companyId,
      distinct,
      kernel.accounts.ownedBy,
      { field: 'users', code: INVALID_USER, message: 'users names a user who is not of this company' },
      uow,
    )
    if (!distinct.length)
      throw new AppError(INVALID_USER, 400, 'A chat needs at least one other user', { field: 'users' })
    return distinct
  }

  const memberIds = async (t: TenantDb, chatId: number): Promise<number[]> =>
    (await t('chat_users').where({ chatId }).select('userId')).map((r: { userId: number }) => r.userId)

  function ownerOnly(auth: AuthInfo, row: Row, what: string) {
    if (row.ownerId !== auth.userId) throw forbidden(ErrorCodes.NO_PERMISSION, `Only the chat's owner ${what}`)
  }

  return {
    /** GET /chats: the caller's chats, newest activity first, searchable by title. */
    async page(auth: AuthInfo, searchParam = '', pageNumber = 1) {
      const t = kernel.tenant(auth.companyId)
      const q = visible(t, auth.userId)
      const s = searchParam.trim()
      if (s) q.whereILike('chats.title', likePattern(s))
      const rows: (Row & { total: string | number })[] = await q
        .orderBy([
          { column: 'chats.updatedAt', order: 'desc' },
          { column: 'chats.id', order: 'desc' },
        ])
        .limit(PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber))
        .select(...QUALIFIED, t.knex.raw('count(*) OVER() AS total'))
      let count = rows.length ? Number(rows[0].total) : 0
      if (!rows.length && pageNumber > 1) {
        const c = visible(t, auth.userId)
        if (s) c.whereILike('chats.title', likePattern(s))
        count = Number(((await c.count({ n: '*' }).first()) as { n?: unknown } | undefined)?.n ?? 0)
      }
      return {
        records: await views(
          t,
          rows.slice(0, PAGE_SIZE).map(({ total: _total, ...r }) => r),
          auth.userId,
        ),
        hasMore: rows.length > PAGE_SIZE,
        count,
      }
    },

    async get(auth: AuthInfo, key: number | string) {
      const t = kernel.tenant(auth.companyId)
      return viewOf(t, await find(t, auth, key), auth.userId)
    },

    async create(auth: AuthInfo, input: CreateBody) {
      const title = cleanTitle(input.title)
      return kernel.unitOfWork(auth.companyId, async (uow) => {
        const { t, emit } = uow
        const users = await others(uow, auth, input.users)
        const [row] = await t.insert('chats', { uuid: randomUUID(), title, ownerId: auth.userId }).returning(COLUMNS)
        await t.insert('chat_users', [
          { chatId: row.id, userId: auth.userId, owner: true },
          ...users.map((userId) => ({ chatId: row.id, userId, owner: false })),
        ])
        const chat = await viewOf(t, row, auth.userId)
        emit('chat.created', { companyId: auth.companyId, chat })
        return chat
      })
    },

    /** The owner renames and changes the members (the owner always stays one). */
    async update(auth: AuthInfo, id: number, input: UpdateBody) {
      const title = input.title === undefined ? undefined : cleanTitle(input.title)
      return kernel.unitOfWork(auth.companyId, async (uow) => {
        const { t, emit } = uow
        const current = await find(t, auth, id)
        ownerOnly(auth, current, 'changes it')
        const before = await memberIds(t, id)
        let removedUserIds: number[] = []
        if (input.users !== undefined) {
          const wanted = [auth.userId, ...(await others(uow, auth, input.users))]
          removedUserIds = before.filter((u) => !wanted.includes(u))
          const added = wanted.filter((u) => !before.includes(u))
          if (removedUserIds.length)
            await t('chat_users').where({ chatId: id }).whereIn('userId', removedUserIds).delete()
          if (added.length)
            await t.insert(
              'chat_users',
              added.map((userId) => ({ chatId: id, userId, owner: false })),
            )
        }
        const [row] = await t('chats')
          .where({ id })
          .update({ ...(title === undefined ? {} : { title }), updatedAt: new Date() })
          .returning(COLUMNS)
        const chat = await viewOf(t, row, auth.userId)
        emit('chat.updated', { companyId: auth.companyId, chat, removedUserIds })
        return chat
      })
    },

    async remove(auth: AuthInfo, id: number) {
      await kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
        const row = await find(t, auth, id)
        ownerOnly(auth, row, 'deletes it')
        const userIds = await memberIds(t, id)
        await t('chats').where({ id }).delete()
        emit('chat.deleted', { companyId: auth.companyId, id, userIds })
      })
    },

    /** GET /chats/{id}/messages: pages counted from the newest; each page oldest first. */
    async messages(auth: AuthInfo, id: number, pageNumber = 1) {
      const t = kernel.tenant(auth.companyId)
      await find(t, auth, id)
      const rows: (MessageRow & { total: string | number })[] = await t('chat_messages')
        .leftJoin('users', 'users.id', 'chat_messages.senderId')
        .where('chat_messages.chatId', id)
        .orderBy('chat_messages.id', 'desc')
        .limit(MESSAGES_PAGE_SIZE + 1)
        .offset(pageOffset(pageNumber, MESSAGES_PAGE_SIZE))
        .select(
          'chat_messages.id',
          'chat_messages.chatId',
          'chat_messages.senderId',
          'users.name as senderName',
          'chat_messages.message',
          'chat_messages.createdAt',
          t.knex.raw('count(*) OVER() AS total'),
        )
      const count = rows.length
        ? Number(rows[0].total)
        : Number(
            ((await t('chat_messages').where({ chatId: id }).count({ n: '*' }).first()) as { n?: unknown } | undefined)
              ?.n ?? 0,
          )
      return {
        records: rows
          .slice(0, MESSAGES_PAGE_SIZE)
          .reverse()
          .map((m) => messageView(m, auth.userId)),
        hasMore: rows.length > MESSAGES_PAGE_SIZE,
        count,
      }
    },

    /** A member writes: every other member's unread count goes up; the sender has read everything. */
    async send(auth: AuthInfo, id: number, input: MessageBody) {
      const text = input.message.trim()
      if (!text) throw badRequest('message', 'A blank message is not sent')
      return kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
        await find(t, auth, id)
        const [m] = await t
          .insert('chat_messages', { chatId: id, senderId: auth.userId, message: text })
          .returning(['id', 'chatId', 'senderId', 'message', 'createdAt'])
        await t('chat_users').where({ chatId: id }).whereNot({ userId: auth.userId }).increment('unreads', 1)
        await t('chat_users').where({ chatId: id, userId: auth.userId }).update({ unreads: 0 })
        const [row] = await t('chats')
          .where({ id })
          .update({ lastMessage: text, updatedAt: new Date() })
          .returning(COLUMNS)
        const chat = await viewOf(t, row, auth.userId)
        const sender = chat.users.find((u) => u.userId === auth.userId)?.user.name ?? ''
        const message = messageView({ ...m, senderName: sender }, auth.userId)
        emit('chat.message', { companyId: auth.companyId, chat, message })
        return message
      })
    },

    /** POST /chats/{id}/read: the caller has read the chat (their unread count goes to 0). */
    async read(auth: AuthInfo, id: number) {
      return kernel.unitOfWork(auth.companyId, async ({ t, emit }) => {
        const row = await find(t, auth, id)
        await t('chat_users').where({ chatId: id, userId: auth.userId }).update({ unreads: 0 })
        const chat = await viewOf(t, row, auth.userId)
        emit('chat.read', { companyId: auth.companyId, chat, userId: auth.userId })
        return chat
      })
    },
  }
}

export type ChatService = ReturnType<typeof createChatService>
