import { describe, it, expect } from 'vitest'
import { MASK, cleanRecord, diff } from '../src/diff.ts'
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
    expect(auditFacts('message.created', { companyId: 1 })).toBeNull()
    expect(auditFacts('queue.updated', null)).toBeNull()
    for (const spec of Object.values(AUDITED)) expect(spec.record ?? spec.id).toBeTruthy()
  })
})
