import { describe, expect, it } from 'vitest'
import { lazy, memo } from 'react'
import { defineModule, isModuleDefinition, moduleProblems, type ModuleDefinition } from '../src/module.ts'

const Page = () => null
const i18n = { pt: { x: 'x' }, en: { x: 'x' }, es: { x: 'x' } }
const valid = (): ModuleDefinition => ({
  name: 'helps',
  routes: [{ path: '/helps', element: Page }],
  menu: [{ label: 'menu.helps', to: '/helps' }],
  i18n,
})

describe('moduleProblems: what the shell checks before using a remote', () => {
  it('accepts a minimal module and one made with defineModule', () => {
    expect(moduleProblems(valid())).toEqual([])
    const m = defineModule(valid())
    expect(isModuleDefinition(m)).toBe(true)
    expect((m as unknown as Record<string, unknown>).__atendeModule).toBe(true)
  })

  it('accepts lazy and memo components as pages', () => {
    const m = valid()
    m.routes = [
      { path: '/a', element: lazy(async () => ({ default: Page })) },
      { path: '/b', element: memo(Page) },
    ]
    expect(moduleProblems(m)).toEqual([])
  })

  it('rejects what is not an object', () => {
    for (const bad of [null, undefined, 'helps', 42, () => null]) {
      expect(moduleProblems(bad)).toEqual(['the default export is not an object'])
    }
  })

  it('names every problem it finds', () => {
    const problems = moduleProblems({
      name: '',
      routes: [{ path: 'helps', element: 'div' }, null],
      menu: [{ to: '/x' }],
      i18n: { pt: {} },
    })
    expect(problems).toEqual([
      'name is missing',
      'routes[0].path is invalid',
      'routes[0].element is not a component',
      'routes[1].path is invalid',
      'routes[1].element is not a component',
      'menu[0] needs label and to',
      'i18n.en is missing',
      'i18n.es is missing',
    ])
    expect(moduleProblems({ name: 'x', routes: {}, menu: 'no', i18n: null })).toEqual([
      'routes is not an array',
      'menu is not an array',
      'i18n is missing',
    ])
  })

  it('rejects a plain object as a page (only React component objects carry $$typeof)', () => {
    const m = valid() as unknown as { routes: Array<{ path: string; element: unknown }> }
    m.routes[0].element = { render: Page }
    expect(moduleProblems(m)).toEqual(['routes[0].element is not a component'])
  })

  it('checks the optional menu fields: requiresSetting and badge', () => {
    const m = valid()
    m.menu = [
      {
        label: 'menu.apiTokens',
        to: '/api-tokens',
        requiresSetting: { key: 'apiTokensEnabled', value: 'enabled' },
        badge: Page,
      },
    ]
    expect(moduleProblems(m)).toEqual([])
    const bad = valid() as unknown as { menu: unknown[] }
    bad.menu = [
      { label: 'a', to: '/a', requiresSetting: { key: 'apiTokensEnabled' } },
      { label: 'b', to: '/b', requiresSetting: null, badge: 'x' },
    ]
    expect(moduleProblems(bad)).toEqual([
      'menu[0].requiresSetting needs key and value',
      'menu[1].requiresSetting needs key and value',
      'menu[1].badge is not a component',
    ])
  })

  it('checks the optional menu permission: a non-empty name', () => {
    const m = valid()
    m.menu = [{ label: 'menu.reports', to: '/reports', permission: 'reports.view' }]
    expect(moduleProblems(m)).toEqual([])
    const bad = valid() as unknown as { menu: unknown[] }
    bad.menu = [
      { label: 'a', to: '/a', permission: '' },
      { label: 'b', to: '/b', permission: 7 },
    ]
    expect(moduleProblems(bad)).toEqual(['menu[0].permission is not a name', 'menu[1].permission is not a name'])
  })

  it('slots are optional; when given, each must hold components', () => {
    const m = valid()
    m.slots = {}
    expect(moduleProblems(m)).toEqual([])
    m.slots = { topBar: [Page, memo(Page)], profileDialog: Page }
    expect(moduleProblems(m)).toEqual([])
    for (const [slots, problem] of [
      [[], 'slots is not an object'],
      ['x', 'slots is not an object'],
      [{ topBar: Page }, 'slots.topBar is not an array'],
      [{ topBar: [Page, 'x'] }, 'slots.topBar[1] is not a component'],
      [{ profileDialog: {} }, 'slots.profileDialog is not a component'],
    ] as const) {
      expect(moduleProblems({ ...valid(), slots })).toEqual([problem])
    }
  })

  it('slots.extensions maps slot names to components', () => {
    const m = valid()
    m.slots = { extensions: {} }
    expect(moduleProblems(m)).toEqual([])
    m.slots = {
      extensions: {
        'ticket.actions': Page,
        'ticket.menu': memo(Page),
        'ticket.lazy': lazy(async () => ({ default: Page })),
      },
    }
    expect(moduleProblems(m)).toEqual([])
    for (const [extensions, problem] of [
      [null, 'slots.extensions is not an object'],
      [[Page], 'slots.extensions is not an object'],
      [Page, 'slots.extensions is not an object'],
      ['ticket.actions', 'slots.extensions is not an object'],
      [{ 'ticket.actions': 'button' }, 'slots.extensions["ticket.actions"] is not a component'],
      [{ 'ticket.menu': { render: Page } }, 'slots.extensions["ticket.menu"] is not a component'],
      [{ '': Page }, 'slots.extensions has an empty slot name'],
    ] as const) {
      expect(moduleProblems({ ...valid(), slots: { extensions } })).toEqual([problem])
    }
    expect(moduleProblems({ ...valid(), slots: { topBar: 'x', extensions: { a: Page, b: 1 } } })).toEqual([
      'slots.topBar is not an array',
      'slots.extensions["b"] is not a component',
    ])
  })
})
