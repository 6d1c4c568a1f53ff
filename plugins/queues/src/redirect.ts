import { badRequest, type TenantDb } from '@atende/sdk'

export type RedirectTarget = { queueId: number } | { optionId: number }

/** '12' / 12 → a queue; 'option-7' → an option; anything else is null. */
export function parseRedirect(value: string | number | null | undefined): RedirectTarget | null {
  if (value === null || value === undefined || value === '') return null
  const s = String(value).trim()
  if (/^\d+$/.test(s)) return { queueId: Number(s) }
  const m = /^option-(\d+)$/.exec(s)
  return m ? { optionId: Number(m[1]) } : null
}

/**
 * Validates a redirect and returns its stored form ('12' or 'option-7'). The target must be a row
 * of the company; a queue never redirects to itself.
 */
export async function checkRedirect(
  t: TenantDb,
  value: string | number | null | undefined,
  selfQueueId?: number,
): Promise<string | null> {
  if (value === null || value === undefined || value === '') return null
  const target = parseRedirect(value)
  if (!target) throw badRequest('redirectQueueId', "Redirect to a queue id or 'option-{id}'")
  if ('queueId' in target) {
    if (target.queueId === selfQueueId) throw badRequest('redirectQueueId', 'A queue cannot redirect to itself')
    if (!(await t('queues').where({ id: target.queueId }).first('id')))
      throw badRequest('redirectQueueId', 'Redirect queue not found')
    return String(target.queueId)
  }
  if (!(await t('queue_options').where({ id: target.optionId }).first('id')))
    throw badRequest('redirectQueueId', 'Redirect option not found')
  return `option-${target.optionId}`
}
