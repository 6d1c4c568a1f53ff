import type { RealtimeService } from '@atende/sdk'

/**
 * The kernel's own socket channels: users and settings of a company,
 * and `company-{id}-modules` when what the company may use changed — its plan's modules, or the
 * company itself (its plan, the super user's switches) — so open sessions redraw the drawer and
 * routes at once ("a alteração vale imediatamente"). A plan change reaches
 * every company with a socket on this process; each asks again what it has (GET /api/modules).
 */
export function mapKernelEvents(service: RealtimeService, onlineCompanies: () => number[]) {
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
  service.map('company.updated', ({ companyId }) => ({
    rooms: [`company-${companyId}`],
    event: `company-${companyId}-modules`,
    data: { action: 'changed' },
  }))
  service.map('plan.updated', ({ planId }) =>
    onlineCompanies().map((companyId) => ({
      companyId,
      rooms: [`company-${companyId}`],
      event: `company-${companyId}-modules`,
      data: { action: 'changed', planId },
    })),
  )
  // auth.sessionsRevoked is not a plain mapping: the gateway sends it only to the ended sessions'
  // sockets and closes them (see index.ts).
}
