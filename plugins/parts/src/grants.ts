import { forbidden, notFound, type Kernel } from '@atende/sdk'
import { ERR_NO_COMPANY_FOUND, ERR_PARTS_NOT_GRANTED, GRANTED_SETTING } from './api.ts'

/** Postgres' foreign-key violation: the company named does not exist. */
const FK_VIOLATION = '23503'

/**
 * Which companies may use the parts import and consult: a grant the super user gives (the spec's
 * "special company", which the anchors hard-code as id 99999999990 for the
 * menu and calls, or id 2 for the screen; here any company the super user chooses).
 */
export function createGrants(kernel: Kernel) {
  async function granted(companyId: number) {
    return !!(await kernel.tenant(companyId)('part_grants').first('id'))
  }
  /** The grant as the company's managed setting, so the drawer shows the item only where it works. */
  async function mirror(companyId: number, on: boolean) {
    const saved = await kernel.settings.set(companyId, GRANTED_SETTING, String(on))
    await kernel.bus.emit('setting.updated', { companyId, ...saved })
  }
  return {
    /** At boot: grants given before the setting existed get it (one row per granted company). */
    async mirrorAll() {
      const rows: { companyId: number }[] = await kernel.db('part_grants').select('companyId')
      for (const { companyId } of rows)
        if ((await kernel.settings.get(companyId, GRANTED_SETTING)) !== 'true') await mirror(companyId, true)
    },
    granted,
    /** 403 ERR_PARTS_NOT_GRANTED unless the company holds the grant. */
    async assert(companyId: number) {
      if (!(await granted(companyId)))
        throw forbidden(ERR_PARTS_NOT_GRANTED, 'The parts import is not enabled for this company')
    },
    /** Every granted company's id (the super user's list: one row per grant, so a small table). */
    async list(): Promise<number[]> {
      const rows: { companyId: number }[] = await kernel.db('part_grants').orderBy('companyId').select('companyId')
      return rows.map((r) => r.companyId)
    },
    async grant(companyId: number) {
      try {
        await kernel.tenant(companyId).insert('part_grants', {}).onConflict('companyId').ignore()
      } catch (err) {
        if ((err as { code?: string }).code === FK_VIOLATION) throw notFound(ERR_NO_COMPANY_FOUND, 'Company not found')
        throw err
      }
      await mirror(companyId, true)
    },
    async revoke(companyId: number) {
      await kernel.tenant(companyId)('part_grants').delete()
      // A consult in progress on a revoked company ends with the grant.
      await kernel.tenant(companyId)('part_consults').delete()
      await mirror(companyId, false)
    },
  }
}

export type Grants = ReturnType<typeof createGrants>
