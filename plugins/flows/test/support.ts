import { expect } from 'vitest'
import { createTestApp, companyWithUser, until, type Headers, type TestApp } from '@atende/kernel/testing'
import usersPlugin from '@atende/plugin-users'
import contactsPlugin from '@atende/plugin-contacts'
import ticketsPlugin from '@atende/plugin-tickets'
import connectionsPlugin from '@atende/plugin-connections'
import queuesPlugin from '@atende/plugin-queues'
import type { FlowEdge, FlowGraph, FlowNode } from '../src/graph.ts'
import flowsPlugin from '../src/index.ts'

export const flowPlugins = [usersPlugin, contactsPlugin, ticketsPlugin, connectionsPlugin, queuesPlugin, flowsPlugin]
export { createTestApp, companyWithUser, until, type Headers, type TestApp }

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
export type Call = ReturnType<typeof caller>
export function caller(t: TestApp, headers: Headers) {
  return (method: Method, url: string, payload?: object) => t.app.inject({ method, url, headers, payload })
}

/** The call's JSON, after checking it answered 200. */
export async function ok<T = any>(p: Promise<{ statusCode: number; body: string; json(): any }>): Promise<T> {
  const res = await p
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}

export const node = (id: string, type: FlowNode['type'], data: Record<string, unknown> = {}): FlowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data,
})
export const edge = (source: string, target: string, sourceHandle: string | null = null): FlowEdge => ({
  id: `${source}-${sourceHandle ?? ''}-${target}`,
  source,
  target,
  sourceHandle,
})

/** A flow with its graph saved (published), through the API. */
export async function savedFlow(call: Call, name: string, graph: FlowGraph) {
  const flow = await ok(call('POST', '/api/flowbuilder', { name }))
  await ok(call('POST', '/api/flowbuilder/flow', { idFlow: flow.id, ...graph }))
  return flow as { id: number; name: string }
}

let seq = 0
/** A paired simulator connection of the company and a way to play its customers. */
export async function simulatorConnection(t: TestApp, call: Call, companyId: number, extra: object = {}) {
  const w = await ok(call('POST', '/api/whatsapp', { name: `Sim ${++seq}`, provider: 'simulator', ...extra }))
  await ok(call('POST', `/api/simulator/${w.id}/scan`, {}))
  let customers = 0
  const customer = () => {
    const from = `55479${String(70_000_000 + seq * 1000 + ++customers)}`
    let seen = 0
    const outbox = async () =>
      (await ok(call('GET', `/api/simulator/${w.id}/outbox?to=${from}`))).messages as {
        id: string
        body: string
        media?: { kind: string; fileName: string }
      }[]
    const self = {
      from,
      outbox,
      /** Send, then wait for exactly `replies` new bot messages (0: the inbound is stored, nothing said). */
      async say(body: string, replies = 1): Promise<string[]> {
        await ok(call('POST', `/api/simulator/${w.id}/inbound`, { from, body }))
        return self.expect(replies)
      },
      async expect(replies: number): Promise<string[]> {
        if (replies) await until(async () => (await outbox()).length >= seen + replies)
        const box = await outbox()
        const fresh = box.slice(seen)
        seen = box.length
        return fresh.map((m) => m.body || (m.media ? `<${m.media.kind}>` : ''))
      },
      async ticket() {
        const contact = await t.db('contacts').where({ companyId, number: from }).first('id')
        return t.db('tickets').where({ companyId, contactId: contact.id }).orderBy('id', 'desc').first()
      },
    }
    return self
  }
  return { w, customer }
}
