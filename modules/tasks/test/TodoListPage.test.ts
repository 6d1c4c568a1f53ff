// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act } from 'react'
// What the test does on the page, then the world around it.
import { buttonNamed as byName, byTestid, clickOn as click, pageText as text, typeInto } from '@atende/ui/testing'
import { deleteRow, mountPage, noRoute, settle, type Answer, type Call } from '@atende/ui/testing'
import TodoListPage from '../src/TodoListPage.tsx'
import en from '../src/i18n/en.json'

const users = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Bia' },
]

/** The tasks API over rows kept here, as the plugin answers it. */
function tasksServer() {
  const rows = [
    { id: 1, text: 'Call the supplier', done: false, day: null, userid: [1], users: [users[0]], createdBy: 1 },
  ]
  let next = 2
  return (call: Call): Answer => {
    if (call.path === '/users/list') return { status: 200, body: users }
    if (call.method === 'GET' && call.path === '/tasks')
      return { status: 200, body: { tasks: rows, count: rows.length, hasMore: false } }
    if (call.method === 'POST' && call.path === '/tasks') {
      const body = call.body as { text: string; userid: number[] }
      const now = new Date().toISOString()
      const row = {
        id: next++,
        text: body.text,
        done: false,
        day: null,
        userid: body.userid,
        users: users.filter((u) => body.userid.includes(u.id)),
        createdBy: 1,
        createdAt: now,
        updatedAt: now,
      }
      rows.push(row as never)
      return { status: 200, body: row }
    }
    return deleteRow(rows, '/tasks', call) ?? noRoute('ERR_NO_TASK_FOUND')
  }
}

describe('TodoListPage without the shell', () => {
  it('lists the tasks, refuses an empty one, adds one for the caller, and deletes after confirming', async () => {
    const { calls } = await mountPage(TodoListPage, en, tasksServer())
    expect(byTestid('tasks-count')!.textContent).toBe('1 task')
    expect(text()).toContain('Call the supplier')

    await click(byName('Add'))
    expect(text()).toContain(en.tasks.validation.text)
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    const input = document.querySelector<HTMLInputElement>('input:not([type="datetime-local"])')!
    await typeInto(input, 'Send the invoice')
    await click(byName('Add'))
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ text: 'Send the invoice', userid: [1] })
    expect(text()).toContain('Send the invoice')
    expect(byTestid('tasks-count')!.textContent).toBe('2 tasks')

    await click(byName(en.tasks.delete.replace('{{text}}', 'Call the supplier')))
    expect(text()).toContain(en.tasks.confirm.body.replace('{{text}}', 'Call the supplier'))
    await click(byName(en.tasks.confirm.yes))
    await act(settle)
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', path: '/tasks/1' })
    expect(text()).not.toContain('Call the supplier')
    expect(byTestid('tasks-count')!.textContent).toBe('1 task')
  })
})
