import type { Kernel } from '@atende/sdk'
import type { AuthenticationCreds, SignalDataSet, SignalDataTypeMap, SignalKeyStore } from '@whiskeysockets/baileys'
import type { BaileysLib } from './lib.ts'

export interface AuthStore {
  /** The saved credentials, or null before the first pairing (or after a wipe). */
  readCreds(): Promise<AuthenticationCreds | null>
  writeCreds(creds: AuthenticationCreds): Promise<void>
  /** The Signal key store, straight on the database (the session wraps it in Baileys' cache). */
  keys: SignalKeyStore
  /** Forget the pairing: credentials and every key. */
  clear(): Promise<void>
}

const CHUNK = 500

/**
 * Baileys' auth state of one connection in `baileys_creds` / `baileys_keys` (migration 002), every
 * query through the tenant's query builder. Values go through Baileys' BufferJSON so Buffers and
 * Uint8Arrays come back as Buffers. A key-set call is one transaction: upserts for values, deletes
 * for nulls. Upserts only ever touch rows of the same company.
 */
export function createAuthStore(kernel: Kernel, conn: { id: number; companyId: number }, lib: BaileysLib): AuthStore {
  const t = () => kernel.tenant(conn.companyId)
  const whatsappId = conn.id
  const encode = (value: unknown) => JSON.stringify(value, lib.BufferJSON.replacer)
  const decode = (text: string) => JSON.parse(text, lib.BufferJSON.reviver)

  const keys: SignalKeyStore = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const out: { [id: string]: SignalDataTypeMap[T] } = {}
      if (!ids.length) return out
      const db = t()
      for (let i = 0; i < ids.length; i += CHUNK) {
        const rows: { id: string; value: string }[] = await db('baileys_keys')
          .where({ whatsappId, type })
          .whereIn('id', ids.slice(i, i + CHUNK))
          .select('id', db.knex.raw('value::text as value'))
        for (const row of rows) {
          let value = decode(row.value)
          // Baileys reads this one as a protobuf object, not plain JSON.
          if (type === 'app-state-sync-key' && value) value = lib.proto.Message.AppStateSyncKeyData.fromObject(value)
          out[row.id] = value
        }
      }
      return out
    },

    async set(data: SignalDataSet) {
      const upserts: { whatsappId: number; type: string; id: string; value: string }[] = []
      const deletes = new Map<string, string[]>()
      for (const [type, values] of Object.entries(data)) {
        for (const [id, value] of Object.entries(values ?? {})) {
          if (value === null || value === undefined) deletes.set(type, [...(deletes.get(type) ?? []), id])
          else upserts.push({ whatsappId, type, id, value: encode(value) })
        }
      }
      if (!upserts.length && !deletes.size) return
      await kernel.unitOfWork(conn.companyId, async ({ t: tx }) => {
        for (const [type, ids] of deletes) {
          for (let i = 0; i < ids.length; i += CHUNK) {
            await tx('baileys_keys')
              .where({ whatsappId, type })
              .whereIn('id', ids.slice(i, i + CHUNK))
              .delete()
          }
        }
        for (let i = 0; i < upserts.length; i += CHUNK) {
          await tx
            .insert('baileys_keys', upserts.slice(i, i + CHUNK))
            .onConflict(['whatsappId', 'type', 'id'])
            .merge(['value'])
            .where('baileys_keys.companyId', conn.companyId)
        }
      })
    },

    async clear() {
      await t()('baileys_keys').where({ whatsappId }).delete()
    },
  }

  return {
    keys,
    async readCreds() {
      const db = t()
      const row: { creds: string } | undefined = await db('baileys_creds')
        .where({ whatsappId })
        .first(db.knex.raw('creds::text as creds'))
      return row ? decode(row.creds) : null
    },
    async writeCreds(creds) {
      await t()
        .insert('baileys_creds', { whatsappId, creds: encode(creds), updatedAt: new Date() })
        .onConflict('whatsappId')
        .merge(['creds', 'updatedAt'])
        .where('baileys_creds.companyId', conn.companyId)
    },
    async clear() {
      await kernel.unitOfWork(conn.companyId, async ({ t: tx }) => {
        await tx('baileys_keys').where({ whatsappId }).delete()
        await tx('baileys_creds').where({ whatsappId }).delete()
      })
    },
  }
}
