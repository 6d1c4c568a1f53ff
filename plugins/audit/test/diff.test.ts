import { describe, it, expect } from 'vitest'
import { MASK, cleanRecord, diff, labelOf } from '../src/diff.ts'
import { AUDITED, auditFacts } from '../src/events.ts'

describe('audit: what a change says', () => {
  it('masks secrets at any depth, yet a changed secret shows as changed', () => {
    const v1 = cleanRecord({ id: 1, name: 'Bot', apiKey: 'sk-1', settings: { token: 't-1', url: 'https://a' } })
    const v2 = cleanRecord({ id: 1, name: 'Bot', apiKey: 'sk-2', settings: { token: 't-1', url: 'https://a' } })
    expect(JSON.stringify([v1, v2])).not.toMatch(/sk-1|sk-2|t-1/)
    expect(diff(v1, v2)).toEqual({ apiKey: { before: MASK, after: MASK } })
    expect(diff(v1, v1)).toEqual({})
    expect(diff(null, v1).settings).toEqual({ after: { token: MASK, url: 'https://a' } })
    // An empty secret is no secret: it shows as empty.
    expect(cleanRecord({ password: '' })).toEqual({ password: '' })
  })

  it('ignores timestamps and presence, and a deletion lists what was there', () => {
    const a = cleanRecord({ id: 2, name: 'Fila', updatedAt: '2026-01-01', online: true, ticketsCount: 1 })
    const b = cleanRecord({ id: 2, name: 'Fila', updatedAt: '2026-02-01', online: false, ticketsCount: 2 })
    expect(diff(a, b)).toEqual({})
    expect(diff(a, null)).toEqual({ id: { before: 2 }, name: { before: 'Fila' } })
  })

  it('reads the entity, action and id of each audited event, and nothing of the others', () => {
    expect(auditFacts('queue.deleted', { companyId: 1, queueId: 9 })).toEqual({
      entity: 'queue',
      action: 'delete',
      entityId: '9',
      record: null,
      extra: null,
      before: null,
      omit: [],
    })
    expect(auditFacts('prompt.saved', { companyId: 1, action: 'create', prompt: { id: 3, name: 'P' } })).toMatchObject({
      entity: 'prompt',
      action: 'create',
      entityId: '3',
      record: { id: 3, name: 'P' },
    })
    expect(auditFacts('setting.updated', { companyId: 1, key: 'userRating', value: 'enabled' })).toMatchObject({
      entityId: 'userRating',
      extra: { value: 'enabled' },
    })
    // The previous value a setting's emitter read is the version before; it is no extra fact.
    expect(
      auditFacts('setting.updated', { companyId: 1, key: 'userRating', value: 'enabled', previous: 'disabled' }),
    ).toMatchObject({ extra: { value: 'enabled' }, before: { value: 'disabled' } })
    // A campaign's row before and after, when an admin's change carries them.
    expect(
      auditFacts('campaign.saved', {
        companyId: 1,
        action: 'update',
        campaignId: 4,
        campaign: { id: 4, status: 'CANCELADA' },
        before: { id: 4, status: 'EM_ANDAMENTO' },
      }),
    ).toMatchObject({ entityId: '4', record: { status: 'CANCELADA' }, before: { status: 'EM_ANDAMENTO' } })
    expect(auditFacts('user.updated', { companyId: 1, user: { id: 2 } })!.omit).toEqual(['company'])
    expect(auditFacts('message.created', { companyId: 1 })).toBeNull()
    expect(auditFacts('queue.updated', null)).toBeNull()
    for (const spec of Object.values(AUDITED)) expect(spec.record ?? spec.id).toBeTruthy()
  })
})

describe('audit: versions as the log keeps them', () => {
  it('keeps dates as ISO text, leaves out the fields of other records, and names the record', () => {
    const at = new Date('2030-01-02T03:04:05.000Z')
    const user = cleanRecord({ id: 1, name: 'Ana', scheduledAt: at, company: { id: 9, settings: [] } }, ['company'])
    expect(user).toEqual({ id: 1, name: 'Ana', scheduledAt: '2030-01-02T03:04:05.000Z' })
    expect(labelOf(null, { title: 'Aviso' })).toBe('Aviso')
    expect(labelOf({ name: 'Black Friday' }, { name: 'Antes' })).toBe('Black Friday')
    expect(labelOf({ value: 'enabled' })).toBeNull()
  })
})
