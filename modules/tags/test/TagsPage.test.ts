// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act } from 'react'
// What the test does on the page, then the world around it.
import { buttonNamed as byName, byTestid, clickOn as click, pageText as text, typeInto } from '@atende/ui/testing'
import { deleteRow, mountPage, noRoute, settle, type Answer, type Call } from '@atende/ui/testing'
import TagsPage from '../src/TagsPage.tsx'
import en from '../src/i18n/en.json'

/** The tags API as the plugin answers it, over rows kept here: pages, search, create, delete. */
function tagsServer() {
  const rows = [
    { id: 1, name: 'Sales', color: '#2563eb', kanban: 0, userId: 1, ticketsCount: 4 },
    { id: 2, name: 'Support', color: '#16a34a', kanban: 0, userId: 1, ticketsCount: 0 },
  ]
  let next = 3
  return (call: Call): Answer => {
    if (call.path === '/permissions') return { status: 200, body: { permissions: ['tags:kanban'] } }
    if (call.method === 'GET' && call.path === '/tags') {
      const found = rows.filter((r) => r.name.toLowerCase().includes((call.query.searchParam ?? '').toLowerCase()))
      return { status: 200, body: { tags: found, count: found.length, hasMore: false } }
    }
    if (call.method === 'POST' && call.path === '/tags') {
      const body = call.body as { name: string; color: string; kanban?: number }
      if (rows.some((r) => r.name === body.name))
        return { status: 409, body: { error: 'ERR_TAG_NAME_IN_USE', message: 'in use', field: 'name' } }
      const row = {
        id: next++,
        name: body.name,
        color: body.color,
        kanban: body.kanban ?? 0,
        userId: 1,
        ticketsCount: 0,
      }
      rows.push(row)
      return { status: 200, body: row }
    }
    return deleteRow(rows, '/tags', call) ?? noRoute()
  }
}

describe('TagsPage without the shell', () => {
  it('lists the tags with their count, refuses a short and a taken name inline, adds one, and deletes after confirming', async () => {
    const { calls } = await mountPage(TagsPage, en, tagsServer())
    expect(byTestid('tags-count')!.textContent).toBe('2 tags')
    expect(byTestid('tag-row-1')!.textContent).toContain('Sales')

    await click(byName('Add tag'))
    const name = document.querySelector<HTMLInputElement>('[role="dialog"] input')!
    await typeInto(name, 'ab')
    await click(byName('Add'))
    expect(text()).toContain('Message too short (at least 3 characters)')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await typeInto(name, 'Sales')
    await click(byName('Add'))
    expect(text()).toContain('A tag with this name already exists.')

    await typeInto(name, 'Billing')
    await click(byName('Add'))
    expect(document.querySelector('[role="dialog"]')).toBeNull()
    expect(text()).toContain('Billing')
    expect(byTestid('tags-count')!.textContent).toBe('3 tags')

    await click(byName('Delete Support'))
    expect(text()).toContain('Delete the tag Support?')
    await click(byName('Delete'))
    await act(settle)
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/tags/2' })
    expect(byTestid('tag-row-2')).toBeNull()
    expect(byTestid('tags-count')!.textContent).toBe('2 tags')
  })
})
