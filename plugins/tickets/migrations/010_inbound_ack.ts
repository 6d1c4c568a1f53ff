import type { Knex } from 'knex'

/**
 * A message's ack is 1..5. Customers' messages were stored with 0, which the spec keeps
 * for nothing (we use it for ours not yet handed over): they are at the server, 1. Down leaves them
 * at 1, which every version reads alike.
 */
export async function up(knex: Knex) {
  await knex('messages').where({ fromMe: false, ack: 0 }).update({ ack: 1 })
}

export async function down() {}
