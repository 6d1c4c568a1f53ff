import type { Knex } from 'knex'

/**
 * Why a session was ended, when its user must hear of it: `revokedReason` 'refresh_reuse' (a rotated
 * refresh token came back, so someone else held it); `noticedAt` is set when the next sign-in told
 * the user, so the notice shows once.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('user_sessions', (t) => {
    t.string('revokedReason', 32)
    t.timestamp('noticedAt', { useTz: true })
  })
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('user_sessions', (t) => {
    t.dropColumn('noticedAt')
    t.dropColumn('revokedReason')
  })
}
