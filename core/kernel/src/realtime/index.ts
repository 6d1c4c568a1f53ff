import type { FastifyInstance } from 'fastify'
import type { AuthInfo, AuthService, EventBus, RealtimeDelivery, RealtimeService } from '@atende/sdk'

/**
 * Placeholder until the websocket gateway lands: keeps mappers and room rules so plugins can
 * register them; delivers nothing.
 */
export function createRealtime(_deps: { bus: EventBus; auth: AuthService; db: unknown; log: unknown }) {
  const mappers = new Map<string, Array<(p: any) => RealtimeDelivery | RealtimeDelivery[] | null>>()
  const rooms = new Map<string, (auth: AuthInfo, room: string) => boolean | Promise<boolean>>()
  const service: RealtimeService = {
    map(event, mapper) { mappers.set(event, [...(mappers.get(event) ?? []), mapper]) },
    authorizeRoom(prefix, check) { rooms.set(prefix, check) },
    onlineUserIds: () => [],
  }
  return {
    service,
    async install(_app: FastifyInstance) {},
    async close() {},
  }
}
