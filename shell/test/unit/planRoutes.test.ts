import { describe, expect, it } from 'vitest'
import { planGated } from '../../src/modules/planRoutes.ts'

describe('planGated (no-permission message vs plain not found)', () => {
  it('pages of installed modules switched off for the plan say no permission (their manifests name them)', () => {
    expect(planGated('/kanban', { deniedRoutes: ['/kanban'] })).toBe(true)
    expect(planGated('/tags/4', { deniedRoutes: ['/tags'] })).toBe(true)
    expect(planGated('/tagsx', { deniedRoutes: ['/tags'] })).toBe(false)
  })

  it('a feature not installed here is plainly not found, whatever the plan', () => {
    for (const path of ['/kanban', '/schedules', '/chats/12', '/prompts', '/queue-integration', '/messages-api'])
      expect(planGated(path, { deniedRoutes: [] }), path).toBe(false)
  })

  it('cshow pages (the manifests name them): no permission without the flag; with it, the plan decides', () => {
    const cshowRoutes = ['/campaigns', '/campaign', '/flowbuilders']
    expect(planGated('/campaigns', { cshowRoutes, cshow: false })).toBe(true)
    expect(planGated('/campaign/7/report', { cshowRoutes, cshow: false })).toBe(true)
    expect(planGated('/flowbuilders', { cshowRoutes, cshow: false })).toBe(true)
    expect(planGated('/campaignsx', { cshowRoutes, cshow: false })).toBe(false)
    expect(planGated('/campaigns', { cshowRoutes, cshow: true })).toBe(false)
    expect(planGated('/flowbuilders', { cshowRoutes, cshow: true })).toBe(false)
    expect(planGated('/campaigns', { deniedRoutes: ['/campaigns'], cshowRoutes, cshow: true })).toBe(true)
    // Not installed here: no manifest names it, so it is not found.
    expect(planGated('/campaigns', { cshow: false })).toBe(false)
  })

  it('any other unknown page is not found', () => {
    expect(planGated('/nope', {})).toBe(false)
    expect(planGated('/', {})).toBe(false)
  })
})
