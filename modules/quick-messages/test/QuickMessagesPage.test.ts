// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act } from 'react'
// What the test does on the page, then the world around it.
import { buttonNamed as byName, byTestid, clickOn as click, pageText as text, typeInto } from '@atende/ui/testing'
import { deleteRow, mountPage, noRoute, settle, type Answer, type Call } from '@atende/ui/testing'
import QuickMessagesPage from '../src/QuickMessagesPage.tsx'
import en from '../src/i18n/en.json'

const row = (id: number, shortcode: string, message: string, userId = 1) => ({
  id,
  companyId: 1,
  userId,
  shortcode,
  message,
  geral: false,
  status: true,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  mediaType: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
})

/** The quick-messages API as the plugin answers it, over rows kept here: pages, search, create, delete. */
function quickMessagesServer() {
  const rows = [row(1, 'greet', 'Hello! How can I help?'), row(2, 'bye', 'Thanks, see you soon.')]
  let next = 3
  return (call: Call): Answer => {
    if (call.method === 'GET' && call.path === '/quick-messages') {
      const s = (call.query.searchParam ?? '').toLowerCase()
      const found = rows.filter((r) => r.shortcode.includes(s) || r.message.toLowerCase().includes(s))
      return { status: 200, body: { records: found, count: found.length, hasMore: false } }
    }
    if (call.method === 'POST' && call.path === '/quick-messages') {
      const body = call.body as { shortcode: string; message: string; geral: boolean; status: boolean }
      if (rows.some((r) => r.shortcode === body.shortcode))
        return {
          status: 409,
          body: { error: 'ERR_QUICK_MESSAGE_SHORTCODE_IN_USE', message: 'in use', field: 'shortcode' },
        }
      const added = { ...row(next++, body.shortcode, body.message), geral: body.geral, status: body.status }
      rows.push(added)
      return { status: 200, body: added }
    }
    return deleteRow(rows, '/quick-messages', call) ?? noRoute()
  }
}

const count = () => byTestid('quick-messages-count')!.textContent
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')
const submit = () => click(dialog()!.querySelector('button[type="submit"]')!)

describe('QuickMessagesPage without the shell', () => {
  it('lists the replies with their count, refuses an empty and a taken shortcut inline, adds one, and deletes after confirming', async () => {
    const { calls } = await mountPage(QuickMessagesPage, en, quickMessagesServer())
    expect(count()).toBe('2 replies')
    expect(byTestid('quick-message-row-1')!.textContent).toContain('greet')

    await click(byName('Add'))
    expect(dialog()!.textContent).toContain('Add quick reply')
    const shortcode = dialog()!.querySelector<HTMLInputElement>('input')!
    await typeInto(shortcode, ' / ')
    await submit()
    expect(dialog()!.textContent).toContain('Required')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await typeInto(shortcode, 'greet')
    await submit()
    expect(dialog()!.textContent).toContain(
      'You already have, or the company shares, a quick reply with this shortcut.',
    )

    await typeInto(shortcode, '/hours')
    await typeInto(dialog()!.querySelector('textarea')!, 'We answer from 8 to 18.')
    await submit()
    expect(calls.at(-1)).toMatchObject({
      method: 'POST',
      path: '/quick-messages',
      body: { shortcode: 'hours', message: 'We answer from 8 to 18.', geral: false, status: true },
    })
    expect(dialog()).toBeNull()
    expect(text()).toContain('Shortcut saved!')
    expect(text()).toContain('We answer from 8 to 18.')
    expect(count()).toBe('3 replies')

    await click(byName('Delete /bye'))
    expect(dialog()!.textContent).toContain('Delete /bye?')
    await click(byName('Delete'))
    await act(settle)
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/quick-messages/2' })
    expect(byTestid('quick-message-row-2')).toBeNull()
    expect(text()).toContain('Quick reply deleted.')
    expect(count()).toBe('2 replies')
  })
})
