// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act, createElement as h, useState } from 'react'
import { useSaveRecord } from '../src/useSaveRecord.ts'
import { ChipsField } from '../src/ChipsField.tsx'
import { PlainTable } from '../src/PlainTable.tsx'
import { AdminOnly } from '../src/AdminOnly.tsx'
import { useEditing } from '../src/useEditing.ts'
import { columnsOf } from '../src/columns.tsx'
import { clickOn, pageText, render, rerender, settle, surroundings } from '../src/testing.ts'

interface Note {
  id: number
  name: string
}

describe('useSaveRecord', () => {
  it('adds with POST, edits with PUT, is busy meanwhile, and hands a refusal to `failed`', async () => {
    const { wrap, calls } = await surroundings({}, (c) =>
      c.body && (c.body as { name: string }).name === 'bad'
        ? { status: 400, body: { error: 'ERR_NAME', message: 'bad name' } }
        : { status: 200, body: { id: 9, ...(c.body as object) } },
    )
    const seen: string[] = []
    let save: ReturnType<typeof useSaveRecord> | undefined
    function Probe() {
      save = useSaveRecord()
      return null
    }
    render(wrap(h(Probe)))
    const run = (id: number | null, name: string) =>
      act(async () => {
        await save!<Note>({
          path: '/notes',
          id,
          body: { name },
          setBusy: (b) => seen.push(b ? 'busy' : 'idle'),
          then: (saved) => void seen.push(`saved ${saved.id} ${saved.name}`),
          failed: (err) => void seen.push(`failed ${(err as { status?: number }).status}`),
        })
        await settle()
      })
    await run(null, 'Ideas')
    await run(4, 'Plans')
    await run(4, 'bad')
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /notes', 'PUT /notes/4', 'PUT /notes/4'])
    expect(seen).toEqual([
      'busy',
      'saved 9 Ideas',
      'idle',
      'busy',
      'saved 9 Plans',
      'idle',
      'busy',
      'failed 400',
      'idle',
    ])
  })
})

describe('ChipsField', () => {
  it('says it is loading, then empty, then toggles chips in and out of the value', async () => {
    function Field({ items }: { items: { id: number; name: string }[] | null }) {
      const [value, setValue] = useState<number[]>([2])
      return h('div', null, [
        h(ChipsField, {
          key: 'f',
          legend: 'Queues',
          items,
          value,
          onChange: setValue,
          loading: 'Loading…',
          empty: 'None',
        }),
        h('output', { key: 'o' }, value.join(',')),
      ])
    }
    render(h(Field, { items: null }))
    expect(pageText()).toContain('Loading…')
    rerender(h(Field, { items: [] }))
    expect(pageText()).toContain('None')
    rerender(
      h(Field, {
        items: [
          { id: 1, name: 'Sales' },
          { id: 2, name: 'Support' },
        ],
      }),
    )
    const boxes = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')]
    expect(boxes.map((b) => b.checked)).toEqual([false, true])
    await clickOn(boxes[0]!)
    await clickOn(boxes[1]!)
    expect(document.querySelector('output')!.textContent).toBe('1')
  })
})

describe('PlainTable', () => {
  it('draws a header from the columns and a row per item, each with its test id', () => {
    const col = columnsOf<Note>(((k: string) => k) as never, 'notes')
    render(
      h(PlainTable<Note>, {
        rows: [
          { id: 1, name: 'Ideas' },
          { id: 2, name: 'Plans' },
        ],
        columns: [col('name', { cell: (n) => n.name, from: 'sm' })],
        rowTestid: 'note',
        label: 'Notes',
      }),
    )
    expect(document.querySelector('th')!.textContent).toBe('notes.columns.name')
    expect(document.querySelector('th')!.className).toBe('hidden px-3 sm:table-cell')
    expect([...document.querySelectorAll('[data-testid^="note-"]')].map((r) => r.textContent)).toEqual([
      'Ideas',
      'Plans',
    ])
  })
})

describe('useEditing and AdminOnly', () => {
  it('opens the dialog to add, to edit a record, and closes it', () => {
    let e: ReturnType<typeof useEditing<Note>> | undefined
    function Probe() {
      e = useEditing<Note>()
      return null
    }
    render(h(Probe))
    expect(e!.editing).toBeNull()
    act(() => e!.add())
    expect(e!.editing).toEqual({ record: null })
    act(() => e!.edit({ id: 3, name: 'Ideas' }))
    expect(e!.editing).toEqual({ record: { id: 3, name: 'Ideas' } })
    act(() => e!.close())
    expect(e!.editing).toBeNull()
  })

  it('shows an admin the screen and anyone else the words instead', async () => {
    for (const [profile, expected] of [
      ['admin', 'the screen'],
      ['user', 'Only admins'],
    ] as const) {
      const { wrap } = await surroundings({}, () => ({ status: 200 }), { profile })
      const el = render(wrap(h(AdminOnly, { denied: 'Only admins', children: h('p', null, 'the screen') })))
      expect(el.textContent, profile).toBe(expected)
    }
  })
})
