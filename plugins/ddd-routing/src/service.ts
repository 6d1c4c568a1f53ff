import { AppError, ErrorCodes, conflict, notFound, type Kernel } from '@atende/sdk'
import { ERR_DDD_DUPLICATE, ERR_DDD_NOT_FOUND, type DddRoute } from './api.ts'
import { checkDdd } from './ddd.ts'

const TABLE = 'ddd_routing'

/** Every query goes through kernel.tenant(companyId); users are reached through kernel.accounts. */
export function createDddRoutingService(kernel: Kernel) {
  async function assertMember(companyId: number, userId: number, status: 400 | 404) {
    if ((await kernel.accounts.members(companyId, [userId])).length) return
    throw new AppError(ErrorCodes.NO_USER_FOUND, status, 'User not found', status === 400 ? { field: 'userId' } : {})
  }

  return {
    /**
     * The whole company's map, by user then DDD. Not paged: it is bounded by users × the 81 valid
     * codes, and the users screen needs all of it to fill its column whatever page it shows.
     */
    async list(companyId: number): Promise<DddRoute[]> {
      return kernel.tenant(companyId)(TABLE).orderBy(['userId', 'ddd']).select('userId', 'ddd')
    },

    async ofUser(companyId: number, userId: number): Promise<DddRoute[]> {
      await assertMember(companyId, userId, 404)
      return kernel.tenant(companyId)(TABLE).where({ userId }).orderBy('ddd').select('userId', 'ddd')
    },

    async add(companyId: number, input: { userId: number; ddd: string }): Promise<DddRoute> {
      const ddd = checkDdd(input.ddd)
      await assertMember(companyId, input.userId, 400)
      const rows = await kernel
        .tenant(companyId)
        .insert(TABLE, { userId: input.userId, ddd })
        .onConflict(['companyId', 'userId', 'ddd'])
        .ignore()
        .returning('id')
      if (!rows.length) throw conflict(ERR_DDD_DUPLICATE, 'Este DDD já está atribuído a este usuário', { field: 'ddd' })
      return { userId: input.userId, ddd }
    },

    async remove(companyId: number, userId: number, raw: string) {
      const ddd = checkDdd(raw)
      // returning() rather than the affected count: PGlite's driver does not report counts.
      const rows = await kernel.tenant(companyId)(TABLE).where({ userId, ddd }).delete().returning('id')
      if (!rows.length) throw notFound(ERR_DDD_NOT_FOUND, 'This user does not hold this DDD')
    },
  }
}

export type DddRoutingService = ReturnType<typeof createDddRoutingService>
