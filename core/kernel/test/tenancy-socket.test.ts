import { describe, it, expect, afterAll } from 'vitest'
import { createTestApp, installedPlugins, type TestApp } from './support/index.ts'
import { apiRoutes, idsOf, makeTenant, populate, snapshot } from './support/openapi.ts'
import { connect } from './support/socket.ts'

process.env.SIMULATOR_ACK_MS = '0'

/**
 * The tenancy walk's socket half (issue 22): tenant B's socket asks to join every room named after
 * tenant A's rows (its tickets' chat boxes, its users' rooms, its company's) in every spelling the
 * gateway accepts, and listens while A creates and changes everything the API lets it. B is refused
 * each of A's rooms and hears nothing of A's; A's own socket hears A's frames (so the events did
 * flow). The plugins are the installation's, so a third party's rooms and frames are walked too.
 */
describe('tenancy walk: the socket', () => {
  let t: TestApp | undefined
  afterAll(async () => {
    await t?.close()
  })

  it("never lets tenant B join tenant A's rooms nor hear A's frames", async () => {
    t = await createTestApp({ plugins: await installedPlugins() })
    const { doc, routes } = await apiRoutes(t)
    const A = await makeTenant(t, 'A', '11111111000191')
    const B = await makeTenant(t, 'B', '22222222000191')
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws')
    const a = await connect(base, A.token)
    const b = await connect(base, B.token)
    try {
      await populate(t, A, routes, doc)
      const ids = idsOf(await snapshot(t.db, A.companyId))
      const ticketIds = (ids.get('tickets') ?? []) as number[]
      const userIds = [A.userId, ...((ids.get('users') ?? []) as number[])]
      expect(ticketIds.length).toBeGreaterThan(0)

      // Rooms named after A's rows, in each spelling: all refused.
      const foreign = [
        ...ticketIds.map((id) => `ticket-${id}`),
        ...userIds.map((id) => `user-${id}`),
        `company-${A.companyId}`,
        `company-${A.companyId}-ticket`,
        `company-${A.companyId}-notification`,
      ]
      for (const room of foreign) b.send({ type: 'join', room })
      for (const id of ticketIds) {
        b.send({ type: 'joinChatBox', ticketId: id })
        b.send({ type: 'joinChatBox', ticketId: String(id) })
      }
      // Rooms every company has (status lists, notifications): B's own, never A's.
      for (const room of ['tickets-open', 'tickets-pending', 'tickets-closed', 'notification', 'open', 'pending'])
        b.send({ type: 'join', room })
      b.send({ type: 'joinNotification' })
      b.send({ type: 'joinTickets', status: 'aguardando' })
      await b.sync()
      const refused = new Set(b.find('error').map((f) => f.data.room))
      expect(foreign.filter((room) => !refused.has(room))).toEqual([])

      // A changes everything again while B listens.
      const heardByA = a.frames.length
      await populate(t, A, routes, doc)
      await a.sync()
      await b.sync()
      const own = (f: unknown) => JSON.stringify(f)
      expect(a.frames.slice(heardByA).some((f) => /tenanta/i.test(own(f)))).toBe(true)
      // B's own refusals echo the room names it asked for; everything else B heard must be B's.
      const leaks = b.frames
        .filter((f) => f.event !== 'error')
        .map(own)
        .filter(
          (f) =>
            /tenanta/i.test(f) || f.includes(`"companyId":${A.companyId},`) || f.includes(`company-${A.companyId}-`),
        )
      expect(leaks).toEqual([])
    } finally {
      a.ws.close()
      b.ws.close()
    }
  }, 240_000)
})
