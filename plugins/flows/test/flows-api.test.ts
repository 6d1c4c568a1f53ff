import { readdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { userIn } from '@atende/kernel/testing'
import {
  caller,
  companyWithUser,
  createTestApp,
  edge,
  flowPlugins,
  node,
  ok,
  savedFlow,
  type Call,
  type TestApp,
} from './support.ts'

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex')

function multipart(files: { name: string; type: string; data: Buffer }[]) {
  const boundary = '----atende-flows-boundary'
  const parts: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="fromMe"\r\n\r\ntrue\r\n`),
  ]
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    )
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

const minimal = { nodes: [node('1', 'start'), node('m', 'message', { label: 'Oi' })], connections: [edge('1', 'm')] }

describe('flows API', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ plugins: flowPlugins })
  })
  afterAll(async () => {
    await t?.close()
  })

  async function company() {
    const { headers, companyId } = await companyWithUser(t.app, { profile: 'admin' })
    const call = caller(t, headers)
    const upload = async (kind: string, files: { name: string; type: string; data: Buffer }[]) => {
      const body = multipart(files)
      return t.app.inject({
        method: 'POST',
        url: `/api/flowbuilder/${kind}`,
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      })
    }
    return { headers, companyId, call, upload }
  }

  it('creates, lists, renames, duplicates and deletes flows', async () => {
    const { call, companyId } = await company()
    expect(await ok(call('GET', '/api/flowbuilder'))).toEqual({ flows: [], hasMore: false })
    for (let i = 21; i >= 1; i--)
      await ok(call('POST', '/api/flowbuilder', { name: `Fluxo ${String(i).padStart(2, '0')}` }))
    const p1 = await ok(call('GET', '/api/flowbuilder'))
    expect(p1.flows).toHaveLength(20)
    expect(p1).toMatchObject({ hasMore: true })
    expect(p1.flows[0]).toMatchObject({ name: 'Fluxo 01', active: true, companyId, versionId: null })
    expect((await ok(call('GET', '/api/flowbuilder?pageNumber=2'))).flows.map((f: { name: string }) => f.name)).toEqual(
      ['Fluxo 21'],
    )
    expect((await ok(call('GET', '/api/flowbuilder?searchParam=o 07'))).flows).toHaveLength(1)

    const flow = p1.flows[0]
    expect(await ok(call('GET', `/api/flowbuilder/flow/${flow.id}`))).toMatchObject({
      flow: { id: flow.id, flow: null },
    })
    expect(await ok(call('PUT', '/api/flowbuilder', { flowId: flow.id, name: '  Boas-vindas ' }))).toMatchObject({
      name: 'Boas-vindas',
    })
    const saved = await ok(call('POST', '/api/flowbuilder/flow', { idFlow: flow.id, ...minimal }))
    expect(saved.versionId).toEqual(expect.any(Number))
    const read = await ok(call('GET', `/api/flowbuilder/flow/${flow.id}`))
    expect(read.flow.flow.nodes.map((n: { id: string }) => n.id)).toEqual(['1', 'm'])
    expect(read.flow.flow.connections).toHaveLength(1)

    const copy = await ok(call('POST', '/api/flowbuilder/duplicate', { flowId: flow.id }))
    expect(copy).toMatchObject({ name: 'Boas-vindas - cópia' })
    expect(copy.versionId).not.toBe(saved.versionId)
    expect((await ok(call('GET', `/api/flowbuilder/flow/${copy.id}`))).flow.flow).toEqual(read.flow.flow)

    expect(await ok(call('DELETE', `/api/flowbuilder/${flow.id}`))).toEqual({ message: 'Flow deleted' })
    const gone = await call('GET', `/api/flowbuilder/flow/${flow.id}`)
    expect([gone.statusCode, gone.json().error]).toEqual([404, 'ERR_NO_FLOW_FOUND'])
    // The published version stays for conversations still inside it.
    expect(await t.db('flow_versions').where({ id: saved.versionId }).first('flowId')).toEqual({ flowId: null })
  })

  it.each([
    [{}, 'name'],
    [{ name: 'a' }, 'name'],
    [{ name: '  a ' }, 'name'],
    [{ name: 'x'.repeat(51) }, 'name'],
  ])('refuses the flow %j naming %s', async (body, field) => {
    const { call } = await company()
    const res = await call('POST', '/api/flowbuilder', body)
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().field).toBe(field)
  })

  it('is for admins, and one company never reaches another’s flows', async () => {
    const a = await company()
    const b = await company()
    const flow = await savedFlow(a.call, 'Privado', minimal)
    const attendant = caller(t, (await userIn(t.app, a.companyId, 'user')).headers)
    expect((await attendant('GET', '/api/flowbuilder')).statusCode).toBe(403)
    expect((await attendant('POST', '/api/flowbuilder', { name: 'Meu' })).statusCode).toBe(403)
    for (const [method, url, body] of [
      ['GET', `/api/flowbuilder/flow/${flow.id}`],
      ['PUT', '/api/flowbuilder', { flowId: flow.id, name: 'Roubado' }],
      ['POST', '/api/flowbuilder/duplicate', { flowId: flow.id }],
      ['POST', '/api/flowbuilder/flow', { idFlow: flow.id, ...minimal }],
      ['DELETE', `/api/flowbuilder/${flow.id}`],
    ] as const) {
      const res = await b.call(method, url, body)
      expect(res.statusCode, `${method} ${url}`).toBe(404)
    }
    expect((await ok(a.call('GET', `/api/flowbuilder/flow/${flow.id}`))).flow.name).toBe('Privado')
  })

  describe('saving a graph checks every rule; a bad graph is refused whole', () => {
    const start = node('1', 'start')
    const msg = node('m', 'message', { label: 'Oi' })
    const cases: [string, object, string, string][] = [
      ['no start', { nodes: [msg], connections: [] }, 'nodes', 'start'],
      // The second start is named (field and message), so the editor points at it.
      ['two starts', { nodes: [start, node('2', 'start'), msg], connections: [] }, 'nodes.2', 'start'],
      [
        'a repeated id',
        { nodes: [start, msg, node('m', 'message', { label: 'b' })], connections: [] },
        'nodes.m',
        'node.id',
      ],
      ['an empty message', { nodes: [start, node('m', 'message', { label: '' })], connections: [] }, 'nodes.m', 'data'],
      ['interval 0', { nodes: [start, node('w', 'interval', { sec: 0 })], connections: [] }, 'nodes.w', 'interval.min'],
      [
        'interval 121',
        { nodes: [start, node('w', 'interval', { sec: 121 })], connections: [] },
        'nodes.w',
        'interval.max',
      ],
      [
        'randomizer 35',
        { nodes: [start, node('r', 'randomizer', { percent: 35 })], connections: [] },
        'nodes.r',
        'randomizer.percent',
      ],
      [
        'randomizer 110',
        { nodes: [start, node('r', 'randomizer', { percent: 110 })], connections: [] },
        'nodes.r',
        'randomizer.percent',
      ],
      [
        'options out of order',
        {
          nodes: [start, node('u', 'menu', { message: 'x', arrayOption: [{ number: 2, value: 'a' }] })],
          connections: [],
        },
        'nodes.u',
        'menu.numbering',
      ],
      [
        'a menu without options',
        { nodes: [start, node('u', 'menu', { message: 'x', arrayOption: [] })], connections: [] },
        'nodes.u',
        'data',
      ],
      [
        'an answerKey that is no name',
        {
          nodes: [
            start,
            node('q', 'question', { typebotIntegration: { message: 'CPF?', answerKey: 'cpf do cliente' } }),
          ],
          connections: [],
        },
        'nodes.q',
        'question.answerKey',
      ],
      [
        'a condition with an unknown comparison',
        { nodes: [start, node('c', 'condition', { key: 'a', condition: 'like', value: 'b' })], connections: [] },
        'nodes.c',
        'data',
      ],
      [
        'an edge to a missing node',
        { nodes: [start, msg], connections: [edge('1', 'zz')] },
        'connections.0',
        'edge.node',
      ],
      [
        'an edge from a handle the node lacks',
        { nodes: [start, msg], connections: [edge('1', 'm', 'a7')] },
        'connections.0',
        'edge.handle',
      ],
      [
        'two edges leaving one handle',
        { nodes: [start, msg, node('n', 'message', { label: 'b' })], connections: [edge('1', 'm'), edge('1', 'n')] },
        'connections.1',
        'edge.duplicate',
      ],
      [
        'an edge out of a ticket node',
        { nodes: [start, node('t', 'ticket', { queue: { id: 1 } }), msg], connections: [edge('t', 'm')] },
        'connections.0',
        'edge.handle',
      ],
      [
        'an image that was never uploaded',
        { nodes: [start, node('i', 'img', { url: '1/flows/2026-01/nope.png' })], connections: [] },
        'nodes.i',
        'media',
      ],
      [
        'a content interval of 0',
        {
          nodes: [
            start,
            node('c', 'singleBlock', {
              seq: ['interval1'],
              elements: [{ type: 'interval', value: '0', number: 'interval1' }],
            }),
          ],
          connections: [],
        },
        'nodes.c',
        'content.interval',
      ],
      [
        'an empty content message',
        {
          nodes: [
            start,
            node('c', 'singleBlock', {
              seq: ['message1'],
              elements: [{ type: 'message', value: ' ', number: 'message1' }],
            }),
          ],
          connections: [],
        },
        'nodes.c',
        'content.message',
      ],
    ]
    it.each(cases)('%s', async (_, graph, field, rule) => {
      const { call } = await company()
      const flow = await savedFlow(call, 'Regras', minimal)
      const before = await ok(call('GET', `/api/flowbuilder/flow/${flow.id}`))
      const res = await call('POST', '/api/flowbuilder/flow', { idFlow: flow.id, ...graph })
      expect(res.statusCode, res.body).toBe(400)
      expect(res.json()).toMatchObject({ error: 'ERR_FLOW_INVALID', field, rule })
      expect(res.json().message).toEqual(expect.any(String))
      expect(await ok(call('GET', `/api/flowbuilder/flow/${flow.id}`))).toEqual(before)
    })

    it('an unknown node type is refused by the schema', async () => {
      const { call } = await company()
      const flow = await savedFlow(call, 'Tipos', minimal)
      const res = await call('POST', '/api/flowbuilder/flow', {
        idFlow: flow.id,
        nodes: [start, node('x', 'teleport' as 'start')],
        connections: [],
      })
      expect(res.statusCode).toBe(400)
      expect(res.json().field).toMatch(/^nodes\.1\.type/)
    })

    it("a queue or a file of another company is not this flow's", async () => {
      const a = await company()
      const b = await company()
      const theirQueue = await ok(b.call('POST', '/api/queue', { name: 'Deles', color: '#f00' }))
      const theirFile = (await ok(b.upload('img', [{ name: 'x.png', type: 'image/png', data: PNG }]))).name
      const flow = await savedFlow(a.call, 'Alheio', minimal)
      const queue = await a.call('POST', '/api/flowbuilder/flow', {
        idFlow: flow.id,
        nodes: [start, node('t', 'ticket', { queue: { id: theirQueue.id } })],
        connections: [edge('1', 't')],
      })
      expect(queue.json()).toMatchObject({ error: 'ERR_FLOW_INVALID', rule: 'queue' })
      const file = await a.call('POST', '/api/flowbuilder/flow', {
        idFlow: flow.id,
        nodes: [start, node('i', 'img', { url: theirFile })],
        connections: [edge('1', 'i')],
      })
      expect(file.json()).toMatchObject({ error: 'ERR_FLOW_INVALID', rule: 'media', field: 'nodes.i' })
      const mine = (await ok(a.upload('img', [{ name: 'y.png', type: 'image/png', data: PNG }]))).name
      await ok(
        a.call('POST', '/api/flowbuilder/flow', {
          idFlow: flow.id,
          nodes: [start, node('i', 'img', { url: mine })],
          connections: [edge('1', 'i')],
        }),
      )
    })
  })

  it('uploads: the dialogs’ types and sizes', async () => {
    const { upload } = await company()
    const png = await ok(upload('img', [{ name: 'foto.PNG', type: 'image/png', data: PNG }]))
    expect(png.name).toMatch(/\/flows\/.*foto\.png$/i)
    const big = await upload('img', [{ name: 'big.jpg', type: 'image/jpeg', data: Buffer.alloc(2 * 1024 * 1024 + 1) }])
    expect([big.statusCode, big.json().error, big.json().field]).toEqual([400, 'ERR_FILE_TOO_LARGE', 'file'])
    const gif = await upload('img', [{ name: 'a.gif', type: 'image/gif', data: PNG }])
    expect([gif.statusCode, gif.json().error, gif.json().field]).toEqual([400, 'ERR_FILE_TYPE_NOT_ALLOWED', 'medias'])
    await ok(upload('audio', [{ name: 'voz.ogg', type: 'video/ogg', data: Buffer.from('OggS') }]))
    await ok(upload('audio', [{ name: 'clipe.mp4', type: 'video/mp4', data: Buffer.from('mp4') }]))
    const content = await ok(
      upload('content', [
        { name: 'a.png', type: 'image/png', data: PNG },
        { name: 'b.mp3', type: 'audio/mpeg', data: Buffer.from('ID3') },
      ]),
    )
    expect(content.names).toHaveLength(2)
    // All or nothing: a refused file leaves none of the request's files behind.
    const dir = dirname(t.app.kernel.storage.path(content.names[0]))
    const before = readdirSync(dir).length
    const mixed = await upload('content', [
      { name: 'c.png', type: 'image/png', data: PNG },
      { name: 'd.exe', type: 'application/octet-stream', data: PNG },
    ])
    expect([mixed.statusCode, mixed.json().error]).toEqual([400, 'ERR_FILE_TYPE_NOT_ALLOWED'])
    expect(readdirSync(dir).length).toBe(before)
    const none = await upload('img', [])
    expect([none.statusCode, none.json().field]).toEqual([400, 'medias'])
  })

  describe('phrase campaigns', () => {
    async function setup() {
      const c = await company()
      const flow = await savedFlow(c.call, 'Promo', minimal)
      const w = await ok(c.call('POST', '/api/whatsapp', { name: `Conexão ${Math.random()}`, provider: 'simulator' }))
      return { ...c, flow, w }
    }

    it('creates, lists, edits, switches and deletes', async () => {
      const { call, flow, w, companyId } = await setup()
      const created = await ok(
        call('POST', '/api/flowcampaign', {
          name: 'Promo',
          flowId: flow.id,
          whatsappId: w.id,
          phrase: ' Quero PROMO ',
        }),
      )
      expect(created).toMatchObject({
        name: 'Promo',
        phrase: 'Quero PROMO',
        status: true,
        companyId,
        flowName: 'Promo',
        whatsappName: w.name,
      })
      expect(await ok(call('GET', '/api/flowbuilder/list'))).toEqual({
        flows: [{ id: flow.id, name: 'Promo', active: true }],
      })
      expect((await ok(call('GET', '/api/flowcampaign'))).flow).toHaveLength(1)
      expect(await ok(call('GET', `/api/flowcampaign/${created.id}`))).toEqual(created)
      const off = await ok(call('PUT', '/api/flowcampaign', { ...created, status: false }))
      expect(off.status).toBe(false)
      const edited = await ok(
        call('PUT', '/api/flowcampaign', {
          id: created.id,
          name: 'Promo 2',
          flowId: flow.id,
          whatsappId: w.id,
          phrase: 'promo',
        }),
      )
      expect(edited).toMatchObject({ name: 'Promo 2', phrase: 'promo', status: false })
      expect(await ok(call('DELETE', `/api/flowcampaign/${created.id}`))).toEqual({
        message: 'Phrase campaign deleted',
      })
      expect((await call('GET', `/api/flowcampaign/${created.id}`)).statusCode).toBe(404)
    })

    it.each([
      [{ flowId: 1, whatsappId: 1, phrase: 'x' }, 'name'],
      [{ name: 'a', whatsappId: 1, phrase: 'x' }, 'flowId'],
      [{ name: 'a', flowId: 1, phrase: 'x' }, 'whatsappId'],
      [{ name: 'a', flowId: 1, whatsappId: 1 }, 'phrase'],
      [{ name: 'a', flowId: 1, whatsappId: 1, phrase: '' }, 'phrase'],
    ])('requires every field: %j names %s', async (body, field) => {
      const { call } = await company()
      const res = await call('POST', '/api/flowcampaign', body)
      expect(res.statusCode).toBe(400)
      expect(res.json().field).toBe(field)
    })

    it('checks the ids are the company’s, and one active phrase per connection', async () => {
      const a = await setup()
      const b = await setup()
      const cross = await a.call('POST', '/api/flowcampaign', {
        name: 'x',
        flowId: b.flow.id,
        whatsappId: a.w.id,
        phrase: 'x',
      })
      expect([cross.statusCode, cross.json().field]).toEqual([400, 'flowId'])
      const conn = await a.call('POST', '/api/flowcampaign', {
        name: 'x',
        flowId: a.flow.id,
        whatsappId: b.w.id,
        phrase: 'x',
      })
      expect([conn.statusCode, conn.json().field]).toEqual([400, 'whatsappId'])
      await ok(a.call('POST', '/api/flowcampaign', { name: 'x', flowId: a.flow.id, whatsappId: a.w.id, phrase: 'Olá' }))
      const twice = await a.call('POST', '/api/flowcampaign', {
        name: 'y',
        flowId: a.flow.id,
        whatsappId: a.w.id,
        phrase: ' OLA ',
      })
      expect([twice.statusCode, twice.json().error, twice.json().field]).toEqual([
        400,
        'ERR_FLOW_PHRASE_IN_USE',
        'phrase',
      ])
      // Another company may use the same phrase on its own connection.
      await ok(b.call('POST', '/api/flowcampaign', { name: 'x', flowId: b.flow.id, whatsappId: b.w.id, phrase: 'Olá' }))
    })

    it('deleting needs the contacts page’s delete permission; a deleted flow takes its campaigns', async () => {
      const { call, flow, w, companyId } = await setup()
      const c = await ok(
        call('POST', '/api/flowcampaign', { name: 'x', flowId: flow.id, whatsappId: w.id, phrase: 'x' }),
      )
      const attendant = caller(t, (await userIn(t.app, companyId, 'user')).headers)
      expect((await attendant('DELETE', `/api/flowcampaign/${c.id}`)).statusCode).toBe(403)
      await ok(call('DELETE', `/api/flowbuilder/${flow.id}`))
      expect((await ok(call('GET', '/api/flowcampaign'))).flow).toEqual([])
    })
  })

  describe('sub-queue flows', () => {
    async function setup() {
      const c = await company()
      const main = await ok(
        c.call('POST', '/api/queue', { name: 'Atendimento', color: '#111111', greetingMessage: 'Oi' }),
      )
      const sales = await ok(c.call('POST', '/api/queue', { name: 'Vendas', color: '#222222', greetingMessage: 'Oi' }))
      return { ...c, main, sales }
    }
    const body = (main: number, target: number) => ({
      name: 'Triagem',
      description: 'Primeiro contato',
      queueId: main,
      welcomeMessage: 'Escolha',
      subFlows: [{ name: 'Comprar', description: '', targetQueueId: target, welcomeMessage: 'Um vendedor já vem' }],
    })

    it('creates, lists with their queues, toggles by resending the flow, edits and deletes', async () => {
      const { call, companyId, main, sales } = await setup()
      const created = await ok(call('POST', `/api/queue-flow/sub-flows/company/${companyId}`, body(main.id, sales.id)))
      expect(created).toMatchObject({
        name: 'Triagem',
        isActive: true,
        queue: { id: main.id, name: 'Atendimento', color: '#111111' },
        subFlows: [{ name: 'Comprar', targetQueueId: sales.id, targetQueue: { name: 'Vendas', color: '#222222' } }],
      })
      expect(await ok(call('GET', `/api/queue-flow/sub-flows/company/${companyId}`))).toEqual([created])
      expect(
        (await ok(call('GET', `/api/queue-flow/queues/${companyId}`))).map((q: { name: string }) => q.name),
      ).toEqual(['Atendimento', 'Vendas'])
      const off = await ok(call('PUT', `/api/queue-flow/sub-flows/${created.id}`, { ...created, isActive: false }))
      expect(off).toMatchObject({ isActive: false, subFlows: created.subFlows })
      await ok(call('DELETE', `/api/queue-flow/sub-flows/${created.id}`))
      expect(await ok(call('GET', `/api/queue-flow/sub-flows/company/${companyId}`))).toEqual([])
    })

    it('refuses a flow without options, another company’s queue, and another company’s id in the path', async () => {
      const a = await setup()
      const b = await setup()
      const empty = await a.call('POST', `/api/queue-flow/sub-flows/company/${a.companyId}`, {
        ...body(a.main.id, a.sales.id),
        subFlows: [],
      })
      expect([empty.statusCode, empty.json().field, empty.json().message]).toEqual([
        400,
        'subFlows',
        'Adicione pelo menos uma sub-fila',
      ])
      const cross = await a.call(
        'POST',
        `/api/queue-flow/sub-flows/company/${a.companyId}`,
        body(a.main.id, b.sales.id),
      )
      expect([cross.statusCode, cross.json().error]).toEqual([400, 'ERR_QUEUE_NOT_FOUND'])
      for (const url of [`/api/queue-flow/sub-flows/company/${b.companyId}`, `/api/queue-flow/queues/${b.companyId}`])
        expect((await a.call('GET', url)).statusCode, url).toBe(403)
      expect(
        (await a.call('POST', `/api/queue-flow/sub-flows/company/${b.companyId}`, body(a.main.id, a.sales.id)))
          .statusCode,
      ).toBe(403)
      const theirs = await ok(
        b.call('POST', `/api/queue-flow/sub-flows/company/${b.companyId}`, body(b.main.id, b.sales.id)),
      )
      expect(
        (await a.call('PUT', `/api/queue-flow/sub-flows/${theirs.id}`, body(a.main.id, a.sales.id))).statusCode,
      ).toBe(404)
      expect((await a.call('DELETE', `/api/queue-flow/sub-flows/${theirs.id}`)).statusCode).toBe(404)
    })

    it('a deleted main queue takes its sub-queue flows', async () => {
      const { call, companyId, main, sales } = await setup()
      await ok(call('POST', `/api/queue-flow/sub-flows/company/${companyId}`, body(main.id, sales.id)))
      await ok(call('DELETE', `/api/queue/${main.id}`))
      const { until } = await import('@atende/kernel/testing')
      await until(async () => (await ok(call('GET', `/api/queue-flow/sub-flows/company/${companyId}`))).length === 0)
    })
  })
})

export type { Call }
