import { describe, expect, it } from 'vitest'
import { definePlugin, KERNEL_EVENTS } from '@atende/sdk'
import { createTestApp, allPlugins } from '@atende/kernel/testing'
import { foundEvents, kernelEvents } from '../arch/events.ts'

/**
 * Issue 36, declared links: each plugin's manifest names the events its code emits and listens to
 * (the kernel's own aside), the kernel refuses a listened event nobody emits, and a plugin using an
 * undeclared event throws.
 */
describe('declared events', () => {
  it('every manifest declares exactly the events its sources emit and listen to', async () => {
    const declared = new Map((await allPlugins()).map((p) => [p.name, p.events ?? {}]))
    const found = foundEvents()
    expect(found.length).toBeGreaterThan(20)
    // The scan sees events at all (a regex gone blind would pass the next check).
    expect(found.find((p) => p.plugin === 'tickets')?.emits).toContain('ticket.updated')
    for (const p of found) {
      const d = declared.get(p.plugin) ?? {}
      expect({ plugin: p.plugin, emits: [...(d.emits ?? [])].sort(), listens: [...(d.listens ?? [])].sort() }).toEqual({
        plugin: p.plugin,
        emits: p.emits,
        listens: [...p.listens].sort(),
      })
    }
  })

  it("the SDK's kernel events are the EventMap's own", () => {
    expect([...KERNEL_EVENTS].sort()).toEqual([...kernelEvents()].sort())
  })

  it('refuses to start when a listened event has no emitter, and throws on an undeclared one', async () => {
    const deaf = definePlugin({
      name: 'deaf',
      version: '1.0.0',
      events: { listens: ['nobody.says'] },
      register() {},
    })
    await expect(createTestApp({ plugins: [deaf] })).rejects.toThrow(
      /deaf listens to "nobody.says", which no installed plugin emits/,
    )
    const optional = definePlugin({
      name: 'patient',
      version: '1.0.0',
      events: { listens: ['nobody.says'], optional: ['nobody.says'] },
      register(_app, kernel) {
        kernel.bus.on('nobody.says' as never, () => {})
        expect(() => kernel.bus.emit('nobody.says' as never, {} as never)).toThrow(
          /patient emits "nobody.says" without declaring it/,
        )
        expect(() => kernel.realtime.map('other.thing' as never, () => null)).toThrow(
          /patient listens "other.thing" without declaring it/,
        )
        expect(() => kernel.bus.onAny(() => {})).toThrow(/without declaring '\*'/)
        // The kernel's events are everyone's.
        kernel.bus.on('user.updated', () => {})
      },
    })
    const t = await createTestApp({ plugins: [optional] })
    await t.close()
  })
})
