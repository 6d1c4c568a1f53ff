// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, createElement as h, lazy, memo, type ReactNode } from 'react'
import {
  collectExtensions,
  ExtensionSlot,
  ExtensionsProvider,
  useExtensions,
  type ExtensionMap,
} from '../src/extensions.tsx'
import { render } from './support/dom.ts'

interface Ticket {
  id: number
}
const Schedule = ({ ticket }: { ticket: Ticket }) =>
  h('button', { 'data-testid': 'schedule' }, `schedule #${ticket.id}`)
const Kanban = ({ ticket }: { ticket: Ticket }) => h('button', { 'data-testid': 'kanban' }, `kanban #${ticket.id}`)
const Broken = (): ReactNode => {
  throw new Error('boom')
}

const withSlots = (value: ExtensionMap, children: ReactNode) => h(ExtensionsProvider, { value, children })

afterEach(() => {
  vi.restoreAllMocks()
})

describe('collectExtensions: what the shell provides', () => {
  it('groups contributions by slot, ordered by module name whatever the load order', () => {
    const map = collectExtensions([
      { name: 'schedules', extensions: { 'ticket.actions': Schedule, 'ticket.menu': Schedule } },
      { name: 'contacts' },
      { name: 'kanban', extensions: { 'ticket.actions': Kanban } },
    ])
    expect(Object.keys(map).sort()).toEqual(['ticket.actions', 'ticket.menu'])
    expect(map['ticket.actions']!.map((e) => [e.module, e.key, e.Component])).toEqual([
      ['kanban', 'kanban:ticket.actions', Kanban],
      ['schedules', 'schedules:ticket.actions', Schedule],
    ])
    expect(map['ticket.menu']!.map((e) => e.module)).toEqual(['schedules'])
    expect(collectExtensions([])).toEqual({})
  })
})

describe('ExtensionSlot and useExtensions', () => {
  const map = collectExtensions([
    { name: 'schedules', extensions: { 'ticket.actions': Schedule } },
    { name: 'kanban', extensions: { 'ticket.actions': memo(Kanban) } },
  ])

  it('renders every contribution with the slot props, in module order, with no wrapper element', () => {
    const el = render(
      withSlots(
        map,
        h(
          'div',
          { id: 'host' },
          h(ExtensionSlot<{ ticket: Ticket }>, { name: 'ticket.actions', props: { ticket: { id: 7 } } }),
        ),
      ),
    )
    const host = el.querySelector('#host')!
    expect([...host.children].map((c) => c.textContent)).toEqual(['kanban #7', 'schedule #7'])
  })

  it('renders nothing for a slot without contributions', () => {
    const el = render(withSlots(map, h('div', { id: 'host' }, h(ExtensionSlot, { name: 'ticket.menu' }))))
    expect(el.querySelector('#host')!.childNodes).toHaveLength(0)
  })

  it('renders nothing without a provider (a screen rendered outside the shell)', () => {
    const el = render(
      h('div', { id: 'bare' }, h(ExtensionSlot, { name: 'ticket.actions', props: { ticket: { id: 1 } } })),
    )
    expect(el.querySelector('#bare')!.childNodes).toHaveLength(0)
  })

  it('isolates a throwing contribution: it disappears and logs, the others and the host stay', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken = collectExtensions([
      { name: 'aaa', extensions: { 'ticket.actions': Broken } },
      { name: 'schedules', extensions: { 'ticket.actions': Schedule } },
    ])
    const el = render(
      withSlots(
        broken,
        h(
          'div',
          { id: 'host' },
          h('span', null, 'title'),
          h(ExtensionSlot, { name: 'ticket.actions', props: { ticket: { id: 3 } } }),
        ),
      ),
    )
    expect(el.querySelector('#host')!.textContent).toBe('titleschedule #3')
    expect(error.mock.calls.some((args) => String(args[0]).includes('[extensions] aaa in ticket.actions failed'))).toBe(
      true,
    )
  })

  it('waits for a lazy contribution without blocking the host', async () => {
    let resolve!: (m: { default: typeof Schedule }) => void
    const Lazy = lazy(
      () =>
        new Promise<{ default: typeof Schedule }>((r) => {
          resolve = r
        }),
    )
    const el = render(
      withSlots(
        collectExtensions([{ name: 'schedules', extensions: { 'ticket.actions': Lazy } }]),
        h(
          'div',
          { id: 'host' },
          h('span', null, 'title'),
          h(ExtensionSlot, { name: 'ticket.actions', props: { ticket: { id: 4 } } }),
        ),
      ),
    )
    expect(el.querySelector('#host')!.textContent).toBe('title')
    await act(async () => {
      resolve({ default: Schedule })
    })
    expect(el.querySelector('#host')!.textContent).toBe('titleschedule #4')
  })

  it('useExtensions lists a slot’s contributions (empty when none)', () => {
    const seen: Record<string, string[]> = {}
    const Probe = ({ name }: { name: string }) => {
      seen[name] = useExtensions(name).map((e) => e.module)
      return null
    }
    render(
      withSlots(map, [h(Probe, { key: 'a', name: 'ticket.actions' }), h(Probe, { key: 'm', name: 'ticket.menu' })]),
    )
    expect(seen).toEqual({ 'ticket.actions': ['kanban', 'schedules'], 'ticket.menu': [] })
  })
})
