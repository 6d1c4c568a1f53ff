import type { Knex } from 'knex'

/**
 * Contacts are the contacts plugin's rows: no foreign key crosses into them. A deleted contact's
 * schedules go on its contact.deleted event (index.ts), as the cascade did.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('schedules', (t) => {
    t.dropForeign(['contactId'])
  })
}

export async function down(knex: Knex) {
  await knex('schedules').whereNotExists(knex('contacts').whereRaw('contacts.id = schedules."contactId"')).delete()
  await knex.schema.alterTable('schedules', (t) => {
    t.foreign('contactId').references('contacts.id').onDelete('CASCADE')
  })
}
