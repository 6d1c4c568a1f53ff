import { createTestApp, companyWithUser, userIn, type TestApp, type Headers } from '@atende/kernel/testing'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import usersPlugin from '@atende/plugin-users'
import companiesPlugin from '@atende/plugin-companies'
import plansPlugin from '@atende/plugin-plans'
import queuesPlugin from '../src/index.ts'

export const queuePlugins = [
  usersPlugin,
  contactsPlugin,
  ticketsPlugin,
  connectionsPlugin,
  queuesPlugin,
  companiesPlugin,
  plansPlugin,
]

let planSeq = 0
/** A company with an admin on a plan allowing `queues` queues (0: unlimited). */
export async function companyOnPlan(t: TestApp, queues = 0) {
  planSeq += 1
  const [plan] = await t
    .db('plans')
    .insert({ name: `Queues plan ${planSeq} ${Math.random().toString(36).slice(2, 7)}`, users: 0 })
    .returning('id')
  // The plans plugin's limits of that plan.
  await t.db('plan_limits').insert({ planId: plan.id, connections: 0, queues })
  return companyWithUser(t.app, { planId: plan.id, profile: 'admin' })
}

export function caller(t: TestApp, headers: Headers) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
}

/** Bus delivery may pass through Redis: poll for the condition (the kernel's shared helper). */
export { announceUser, until } from '@atende/kernel/testing'

export { createTestApp, companyWithUser, userIn, type TestApp, type Headers }
