// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act, createElement as h } from 'react'
import { ClientProvider, createAtendeClient, type WebSocketLike } from '@atende/client'
import { applyRecordFrame, useLivePagedList, type LiveListHandle } from '../src/usePagedList.ts'
import { render, settle } from '../src/testing.ts'

interface Tag {
  id: number
  name: string
}
const byName = (a: Tag, b: Tag) => a.name.localeCompare(b.name)
const matches = (t: Tag, s: string) => t.name.toLowerCase().includes(s.toLowerCase())

/** The server's end of the socket: the test pushes frames through the one connection made. */
const sockets: FakeSocket[] = []
class FakeSocket implements WebSocketLike {
  readyState = 0
  onopen: ((ev: unknown) => void) | null = null
  onmessage: ((ev: { data: unknown }) => void) | null = null
  onclose: ((ev: { code: number; reason: string }) => void) | null = null
  onerror: ((ev: unknown) => void) | null = null
  constructor(readonly url: string) {
    sockets.push(this)
  }
  send() {}
  close() {}
}

async function mountList(event: string, apply?: (frame: never, list: LiveListHandle<Tag>) => void) {
  const fetch = (async () =>
    new Response(JSON.stringify({ tags: [{ id: 1, name: 'Sales' }], hasMore: false, count: 1 }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })) as typeof globalThis.fetch
  const client = createAtendeClient({ fetch, WebSocketImpl: FakeSocket, socketUrl: 'ws://test.local/socket' })
  client.session.saveLogin({
    token: 'test-token',
    user: { id: 1, name: 'Ana', email: 'ana@x.com', companyId: 7, profile: 'admin', super: false } as never,
  })
  let seen: Tag[] = []
  function List() {
    const list = useLivePagedList<Tag, never>({
      path: '/tags',
      key: 'tags',
      search: '',
      compare: byName,
      matches,
      event,
      ...(apply ? { apply } : {}),
    })
    seen = list.items
    return null
  }
  await act(async () => {
    render(h(ClientProvider, { client, manageSocket: true }, h(List)))
    await settle()
    await settle()
  })
  const ws = sockets.at(-1)!
  await act(async () => {
    ws.readyState = 1
    ws.onopen?.({})
  })
  const push = (name: string, data: unknown) =>
    act(async () => {
      ws.onmessage?.({ data: JSON.stringify({ event: name, data }) })
    })
  return { names: () => seen.map((t) => t.name), push }
}

describe('useLivePagedList', () => {
  it("keeps the list live from the company's event: a record joins in order, a delete leaves, other companies' frames are not heard", async () => {
    const list = await mountList('tag')
    expect(list.names()).toEqual(['Sales'])
    await list.push('company-7-tag', { action: 'create', record: { id: 2, name: 'Billing' } })
    expect(list.names()).toEqual(['Billing', 'Sales'])
    await list.push('company-8-tag', { action: 'create', record: { id: 3, name: 'Other company' } })
    await list.push('company-7-tag', 'not a frame')
    expect(list.names()).toEqual(['Billing', 'Sales'])
    await list.push('company-7-tag', { action: 'delete', id: 1 })
    expect(list.names()).toEqual(['Billing'])
  })

  it('hands frames of another shape to `apply`', async () => {
    const list = await mountList('tag', (frame: { action: string; tagId: number }, { remove }) => {
      if (frame.action === 'gone') remove(frame.tagId)
    })
    await list.push('company-7-tag', { action: 'gone', tagId: 1 })
    expect(list.names()).toEqual([])
  })
})

describe('applyRecordFrame', () => {
  it('ignores a delete without an id and a change without a record', () => {
    const done: string[] = []
    const list = { upsert: () => done.push('upsert'), remove: () => done.push('remove'), refresh: () => {} }
    applyRecordFrame({ action: 'delete' }, list)
    applyRecordFrame({ action: 'update' }, list)
    expect(done).toEqual([])
    applyRecordFrame({ action: 'update', record: { id: 1 } }, list)
    applyRecordFrame({ action: 'delete', id: 1 }, list)
    expect(done).toEqual(['upsert', 'remove'])
  })
})
