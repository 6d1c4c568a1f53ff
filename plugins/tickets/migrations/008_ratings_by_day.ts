import type { Knex } from 'knex'

/** The dashboard's ratings per attendant over a date range (ratingsByUser): answered ratings by day. */
export async function up(knex: Knex) {
  await knex.raw(
    'CREATE INDEX ticket_ratings_rated ON ticket_ratings ("companyId", "ratedAt") INCLUDE ("userId", rate) WHERE rate IS NOT NULL',
  )
}

export async function down(knex: Knex) {
  await knex.raw('DROP INDEX IF EXISTS ticket_ratings_rated')
}
