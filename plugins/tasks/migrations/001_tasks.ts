import type { Knex } from 'knex'

/**
 * Tasks: one company's to-dos, each with the users responsible
 * for it in task_users. `down` drops everything `up` made (the migrations test runs both).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('tasks', (t) => {
    t.increments('id')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.text('text').notNullable()
    t.boolean('done').notNullable().defaultTo(false)
    // When it is due (the screen's datetime-local); null: no date, listed last.
    t.timestamp('day', { useTz: true }).nullable()
    // Who wrote it (a non-admin deletes and reassigns only their own); null once that user is deleted.
    t.integer('createdBy').nullable().references('users.id').onDelete('SET NULL')
    t.timestamp('createdAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
    t.timestamp('updatedAt', { useTz: true }).notNullable().defaultTo(knex.fn.now())
  })
  // The admin list: one company's tasks by day, dateless last, then id (the page order).
  await knex.raw('CREATE INDEX tasks_company_day ON tasks ("companyId", day ASC NULLS LAST, id)')
  await knex.schema.createTable('task_users', (t) => {
    t.integer('taskId').notNullable().references('tasks.id').onDelete('CASCADE')
    // A deleted user leaves every task with their row (the database does it in the delete's transaction).
    t.integer('userId').notNullable().references('users.id').onDelete('CASCADE')
    t.integer('companyId').notNullable().references('companies.id').onDelete('CASCADE')
    t.primary(['taskId', 'userId'])
    // A non-admin's list: the tasks assigned to them.
    t.index(['userId', 'taskId'])
  })
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('task_users')
  await knex.schema.dropTableIfExists('tasks')
}
