import { createTestApp, companyWithUser, userIn, type TestApp, type Headers } from '@atende/kernel/testing'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import usersPlugin from '@atende/plugin-users'
import settingsPlugin from '@atende/plugin-settings'
import plugin from '../src/index.ts'

/** The inbound pipeline with the queue chatbot (the "usual chain") and this plugin. */
export const dddPlugins = async () => [
  usersPlugin,
  settingsPlugin,
  contactsPlugin,
  ticketsPlugin,
  connectionsPlugin,
  queuesPlugin,
  plugin,
]

export function caller(t: TestApp, headers: Headers) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers, payload })
}

export { announceUser, until } from '@atende/kernel/testing'
export { createTestApp, companyWithUser, userIn, type TestApp, type Headers }
