import type { RealtimeService } from '@atende/sdk'

/** The kernel's own socket channels (spec core.md §7 Real-time): users and settings of a company. */
export function mapKernelEvents(service: RealtimeService) {
  service.map('user.created', ({ companyId, user }) => ({
    rooms: [`company-${companyId}`],
    event: `company-${companyId}-user`,
    data: { action: 'create', user },
  }))
  service.map('user.updated', ({ companyId, user }) => ({
    rooms: [`company-${companyId}`],
    event: `company-${companyId}-user`,
    data: { action: 'update', user },
  }))
  service.map('user.deleted', ({ companyId, userId }) => ({
    rooms: [`company-${companyId}`],
    event: `company-${companyId}-user`,
    data: { action: 'delete', userId },
  }))
  service.map('setting.updated', ({ companyId, key, value }) => ({
    rooms: [`company-${companyId}`],
    event: `company-${companyId}-settings`,
    data: { action: 'update', setting: { key, value } },
  }))
  // auth.sessionsRevoked is not a plain mapping: the gateway sends it only to the ended sessions'
  // sockets and closes them (see index.ts).
}
