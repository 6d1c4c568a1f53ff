import { definePlugin } from '@atende/sdk'
import { registerAuditRoutes } from './routes.ts'
import { createAuditService } from './service.ts'

const RETENTION_JOB = 'audit.retention'
/** AUDIT_RETENTION_DAYS: how long entries are kept (default 365; 0 keeps them for ever). Read at each run. */
export const retentionDays = () => {
  const raw = process.env.AUDIT_RETENTION_DAYS
  return raw === undefined || raw === '' ? 365 : Math.max(0, Number(raw) || 0)
}

/**
 * Audit log (issue 22): who changed which configuration or access, when, and the fields before and
 * after, for admins (their company) and the super user (every company, and platform changes such
 * as plans under company 0).
 *
 * Fed by the events the features already announce (events.ts lists them), not by code in each
 * feature: the kernel's bus says which signed-in user's request emitted each event (EventMeta).
 * The plugin keeps the last version of each audited record it has seen, so an update is recorded
 * as the fields that changed; the first change it sees of a record made before the log existed
 * shows the new values only. Secrets (tokens, keys, passwords) are masked. Changes made by
 * sessions, jobs and webhooks update the kept versions but are not entries. Entries are
 * read-only through the API and are kept AUDIT_RETENTION_DAYS days, purged by a daily job.
 * Essential: no plan switches off the record of who changed what.
 */
export default definePlugin({
  name: 'audit',
  version: '1.0.0',
  events: { listens: ['*'] },
  host: '^1.0.0',
  essential: true,
  module: true,
  moduleRoutes: ['/audit'],
  migrations: new URL('../migrations', import.meta.url),
  async register(app, kernel) {
    const service = createAuditService(kernel)
    kernel.bus.onAny((event, payload, meta) => service.onEvent(event, payload, meta))
    registerAuditRoutes(app, service)
    kernel.jobs.define(RETENTION_JOB, async () => {
      const removed = await service.purge(retentionDays())
      if (removed) kernel.log.info({ removed }, 'audit: entries past retention removed')
    })
    await kernel.jobs.add(RETENTION_JOB, {}, { jobId: 'audit-retention', repeat: { every: 86_400_000 } })
  },
})
