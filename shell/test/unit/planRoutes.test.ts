import { describe, expect, it } from 'vitest'
import { planGated } from '../../src/modules/planRoutes.ts'

const allFlags = {
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
}

describe('planGated (no-permission message vs plain not found)', () => {
  it('a spec plan page the plan allows, whose module is not installed yet, is not found', () => {
    for (const path of ['/kanban', '/schedules', '/chats/12', '/prompts', '/queue-integration', '/messages-api']) {
      expect(planGated(path, { planFlags: allFlags }), path).toBe(false)
    }
  })

  it('a spec plan page whose flag the plan lacks says no permission', () => {
    expect(planGated('/kanban', { planFlags: { ...allFlags, useKanban: false } })).toBe(true)
    expect(planGated('/chats/3', { planFlags: { ...allFlags, useInternalChat: false } })).toBe(true)
    expect(planGated('/schedules', { planFlags: { ...allFlags, useKanban: false } })).toBe(false)
  })

  it('an unknown plan never claims a denial', () => {
    expect(planGated('/kanban', { planFlags: null })).toBe(false)
  })

  it('cshow pages: no permission without the flag; with it, the plan decides', () => {
    expect(planGated('/campaigns', { planFlags: allFlags, cshow: false })).toBe(true)
    expect(planGated('/flowbuilders', { planFlags: allFlags, cshow: false })).toBe(true)
    expect(planGated('/campaigns', { planFlags: allFlags, cshow: true })).toBe(false)
    expect(planGated('/flowbuilders', { planFlags: allFlags, cshow: true })).toBe(false)
    expect(planGated('/campaigns', { planFlags: { ...allFlags, useCampaigns: false }, cshow: true })).toBe(true)
  })

  it('pages of installed modules switched off for the plan say no permission', () => {
    expect(planGated('/tags', { deniedRoutes: ['/tags'], planFlags: allFlags })).toBe(true)
    expect(planGated('/tags/4', { deniedRoutes: ['/tags'], planFlags: allFlags })).toBe(true)
    expect(planGated('/tagsx', { deniedRoutes: ['/tags'], planFlags: allFlags })).toBe(false)
  })

  it('any other unknown page is not found', () => {
    expect(planGated('/nope', { planFlags: allFlags })).toBe(false)
    expect(planGated('/', {})).toBe(false)
  })
})
