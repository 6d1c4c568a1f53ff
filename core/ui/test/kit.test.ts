// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { act, createElement as h, Fragment, useState, type FormEvent } from 'react'
import { ListPage, type ListPageList } from '../src/ListPage.tsx'
import { PagedTable } from '../src/PagedTable.tsx'
import { actionsColumn } from '../src/RowActions.tsx'
import { useConfirmDelete } from '../src/useConfirmDelete.tsx'
import { FormDialog, useFormState, useRefusal } from '../src/FormDialog.tsx'
import { TopBarPopover, popoverItemClass } from '../src/TopBarPopover.tsx'
import { TextField } from '../src/TextField.tsx'
import { Toaster } from '../src/toasts.tsx'
import { render, rerender, type } from './support/dom.ts'
import { settle, surroundings, type Answer } from '../src/testing.ts'

interface Tag {
  id: number
  name: string
}
const words = {
  common: { retry: 'Retry', loading: 'Loading' },
  tags: {
    title: 'Tags',
    count: '{{count}} tags',
    search: 'Search tags',
    searchPlaceholder: 'Name…',
    add: 'Add tag',
    loadError: 'Could not load the tags.',
    empty: 'No tags yet.',
    emptySearch: 'No tag matches “{{search}}”.',
    loadingMore: 'Loading more tags…',
    loadMoreError: 'Could not load more tags.',
    edit: 'Edit {{name}}',
    delete: 'Delete {{name}}',
    deleted: 'Tag deleted.',
    deleteError: 'Could not delete the tag.',
    confirm: { title: 'Delete {{name}}?', yes: 'Delete', no: 'Cancel', body: 'Tickets keep their history.' },
    name: 'Name',
    save: 'Save',
  },
  validation: { tooLong: 'Too long (at most {{max}})' },
  errors: { ERR_TAG_EXISTS: 'A tag with this name exists.' },
}
const tags: Tag[] = [
  { id: 1, name: 'Sales' },
  { id: 2, name: 'Support' },
]
const text = () => document.body.textContent ?? ''
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name || b.textContent === name)!
const click = async (el: Element) => {
  await act(async () => {
    ;(el as HTMLElement).click()
    await settle()
  })
}
const toasts = () => [...document.querySelectorAll('[data-kind]')].map((t) => t.textContent?.replace('×', ''))
const clearToasts = () =>
  act(() => {
    for (const b of document.querySelectorAll<HTMLButtonElement>('[data-kind] button')) b.click()
  })

function Page({ list, search = '' }: { list: ListPageList; search?: string }) {
  return h(ListPage, {
    ns: 'tags',
    list,
    search: { value: search, onSearch: () => {} },
    onAdd: () => {},
    table: h('p', { 'data-testid': 'table' }, 'the table'),
  })
}

describe('ListPage', () => {
  it('says loading, then the failure with a retry, then the empty state (naming the search), then the table with the count', async () => {
    const { wrap } = await surroundings(words, () => ({ status: 200 }))
    const reload = vi.fn()
    const at = (status: ListPageList['status'], items: Tag[], search = '') =>
      wrap(h(Page, { list: { status, items, count: items.length ? 7 : 0, reload }, search }))
    render(at('loading', []))
    expect(document.querySelector('[role="status"]')!.getAttribute('aria-label')).toBe('Loading')
    expect(document.querySelector('[data-testid="tags-count"]')).toBeNull()
    expect(document.querySelector('[role="searchbox"], input[type="search"]')!.getAttribute('aria-label')).toBe(
      'Search tags',
    )

    rerender(at('error', []))
    expect(document.querySelector('[role="alert"]')!.textContent).toContain('Could not load the tags.')
    await click(button('Retry'))
    expect(reload).toHaveBeenCalledOnce()

    rerender(at('ready', []))
    expect(text()).toContain('No tags yet.')
    rerender(at('ready', [], 'zz'))
    expect(text()).toContain('No tag matches “zz”.')

    rerender(at('ready', tags))
    expect(document.querySelector('[data-testid="tags-count"]')!.textContent).toBe('7 tags')
    expect(document.querySelector('[data-testid="table"]')).not.toBeNull()
    expect(button('Add tag')).toBeDefined()
  })
})

describe('PagedTable with actionsColumn', () => {
  it('names the table and each button for its row, hides the buttons of rows the caller may not change, and retries a failed page', async () => {
    const { wrap } = await surroundings(words, () => ({ status: 200 }))
    const onEdit = vi.fn()
    const onDelete = vi.fn()
    const loadMore = vi.fn()
    const columns = [
      { key: 'name', header: 'Name', cell: (r: Tag) => r.name },
      actionsColumn<Tag>({
        header: 'Actions',
        allowed: (r) => r.id !== 2,
        onEdit,
        onDelete,
        editLabel: (r) => `Edit ${r.name}`,
        deleteLabel: (r) => `Delete ${r.name}`,
      }),
    ]
    const list = { items: tags, hasMore: true, loadingMore: false, moreFailed: true, loadMore }
    render(wrap(h(PagedTable<Tag>, { ns: 'tags', list, columns, rowTestid: 'tag-row', rowHeight: 40 })))
    expect(document.querySelector('[data-testid="tag-row-2"]')!.textContent).toContain('Support')
    expect(document.querySelector('table')!.getAttribute('aria-label')).toBe('Tags')
    expect(button('Edit Sales').getAttribute('title')).toBe('Edit Sales')
    expect(button('Edit Support')).toBeUndefined()
    await click(button('Edit Sales'))
    await click(button('Delete Sales'))
    expect(onEdit).toHaveBeenCalledWith(tags[0])
    expect(onDelete).toHaveBeenCalledWith(tags[0])
    expect(text()).toContain('Could not load more tags.')
    loadMore.mockClear()
    await click(button('Retry'))
    expect(loadMore).toHaveBeenCalled()
  })
})

function Deleting({ onDeleted }: { onDeleted: (t: Tag) => void }) {
  const del = useConfirmDelete<Tag>({ ns: 'tags', path: (t) => `/tags/${t.id}`, onDeleted })
  return h(Fragment, null, h(Toaster), h('button', { onClick: () => del.ask(tags[0]!) }, 'ask'), del.dialog)
}

describe('useConfirmDelete', () => {
  it('asks, deletes on the server, drops the row and says so; a refusal keeps the row and says why', async () => {
    let answer: Answer = { status: 204 }
    const { wrap, calls } = await surroundings(words, () => answer)
    const onDeleted = vi.fn()
    render(wrap(h(Deleting, { onDeleted })))
    await click(button('ask'))
    expect(text()).toContain('Delete Sales?')
    expect(text()).toContain('Tickets keep their history.')
    await click(button('Delete'))
    await act(settle)
    expect(calls).toEqual([{ method: 'DELETE', path: '/tags/1', query: {}, body: undefined }])
    expect(onDeleted).toHaveBeenCalledWith(tags[0])
    expect(toasts()).toContain('Tag deleted.')
    expect(text()).not.toContain('Delete Sales?')
    clearToasts()

    answer = { status: 409, body: { error: 'ERR_IN_USE', message: 'in use' } }
    onDeleted.mockClear()
    await click(button('ask'))
    await click(button('Delete'))
    await act(settle)
    expect(onDeleted).not.toHaveBeenCalled()
    expect(toasts()).toContain('Could not delete the tag.')
    clearToasts()
  })
})

interface Values {
  name: string
}
function NameForm({ target }: { target: { tag: Tag | null } | null }) {
  const [saved, setSaved] = useState('')
  const { values, errors, set, busy, setBusy } = useFormState<Values, { tag: Tag | null }>(target, (t) => ({
    name: t?.tag?.name ?? '',
  }))
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setBusy(true)
    try {
      await Promise.resolve()
      setSaved(values.name)
    } finally {
      setBusy(false)
    }
  }
  return h(FormDialog, {
    open: target != null,
    busy,
    onClose: () => {},
    onSubmit: submit,
    title: 'Tag',
    cancelLabel: 'Cancel',
    submitLabel: 'Save',
    children: h(
      Fragment,
      null,
      h(TextField, { label: 'Name', value: values.name, onChange: (v: string) => set('name', v), error: errors.name }),
      h('output', null, saved),
    ),
  })
}

describe('FormDialog and useFormState', () => {
  it('opens on its target with its values, submits with Enter and the save button', async () => {
    const { wrap } = await surroundings(words, () => ({ status: 200 }))
    render(wrap(h(NameForm, { target: { tag: tags[0]! } })))
    const input = document.querySelector('input')!
    expect(input.value).toBe('Sales')
    type(input, 'Sales team')
    await click(button('Save'))
    expect(document.querySelector('output')!.textContent).toBe('Sales team')
    rerender(wrap(h(NameForm, { target: { tag: tags[1]! } })))
    expect(document.querySelector('input')!.value).toBe('Support')
  })
})

function Refused({ answer }: { answer: unknown }) {
  const refuse = useRefusal()
  const [errors, setErrors] = useState<Partial<Record<'name' | 'color', string>>>({})
  return h(
    Fragment,
    null,
    h(Toaster),
    h('button', { onClick: () => refuse<{ name: string; color: string }>(answer, ['name', 'color'], setErrors) }, 'go'),
    h('output', null, JSON.stringify(errors)),
  )
}

describe('useRefusal', () => {
  it('puts a refusal naming a field of the form under it (saying the limit it names), and any other as a toast', async () => {
    const { ApiError } = await import('@atende/client')
    const { wrap } = await surroundings(words, () => ({ status: 200 }))
    const limit = new ApiError('ERR_VALIDATION', 'too long', 400, 'name', { max: 50 })
    render(wrap(h(Refused, { answer: limit })))
    await click(button('go'))
    expect(document.querySelector('output')!.textContent).toBe(JSON.stringify({ name: 'Too long (at most 50)' }))

    const taken = new ApiError('ERR_TAG_EXISTS', 'exists', 409, 'name')
    rerender(wrap(h(Refused, { answer: taken })))
    await click(button('go'))
    expect(document.querySelector('output')!.textContent).toContain('A tag with this name exists.')

    const elsewhere = new ApiError('ERR_TAG_EXISTS', 'exists', 409, 'other')
    rerender(wrap(h(Refused, { answer: elsewhere })))
    await click(button('go'))
    expect(toasts()).toContain('A tag with this name exists.')
    clearToasts()
  })
})

describe('TopBarPopover', () => {
  it('shows the count on its badge, opens its panel, and closes on an item, Escape (focus back) or a click outside', async () => {
    const go = vi.fn()
    const ui = (count: number, items: Tag[]) =>
      h(TopBarPopover<Tag>, {
        testid: 'things',
        icon: h('svg'),
        count,
        label: `${count} unread`,
        title: 'Unread',
        empty: 'Nothing unread',
        items,
        itemKey: (r) => r.id,
        renderItem: (r, close) =>
          h(
            'button',
            {
              className: popoverItemClass,
              onClick: () => {
                close()
                go(r.id)
              },
            },
            r.name,
          ),
      })
    render(ui(120, tags))
    const bell = document.querySelector<HTMLButtonElement>('[data-testid="things-button"]')!
    expect(document.querySelector('[data-testid="things-count"]')!.textContent).toBe('99+')
    expect(bell.getAttribute('aria-label')).toBe('120 unread')
    await click(bell)
    expect(bell.getAttribute('aria-expanded')).toBe('true')
    await click(button('Support'))
    expect(go).toHaveBeenCalledWith(2)
    expect(document.querySelector('[data-testid="things"]')).toBeNull()

    await click(bell)
    act(() => {
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }))
    })
    expect(document.querySelector('[data-testid="things"]')).toBeNull()
    expect(document.activeElement).toBe(bell)

    rerender(ui(0, []))
    expect(document.querySelector('[data-testid="things-count"]')).toBeNull()
    await click(bell)
    expect(text()).toContain('Nothing unread')
    act(() => {
      document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }))
    })
    expect(document.querySelector('[data-testid="things"]')).toBeNull()
  })
})

describe('strokeIcon', () => {
  it('draws paths from strings and keeps other shapes, decorative and sized by its class', async () => {
    const { strokeIcon } = await import('../src/icons.tsx')
    const Icon = strokeIcon(['M1 1h2', h('rect', { x: 1, y: 1, width: 2, height: 2 })], 1.5)
    const el = render(h(Icon, { className: 'h-4 w-4' }))
    const svg = el.querySelector('svg')!
    expect(svg.getAttribute('aria-hidden')).toBe('true')
    expect(svg.getAttribute('class')).toBe('h-4 w-4')
    expect(svg.getAttribute('stroke-width')).toBe('1.5')
    expect(svg.querySelector('path')!.getAttribute('d')).toBe('M1 1h2')
    expect(svg.querySelector('rect')).not.toBeNull()
  })
})

describe('words from the namespace', () => {
  it("names a row's buttons and a dialog's title and buttons from the module's words", async () => {
    const { wrap, i18n } = await surroundings(
      {
        notes: {
          columns: { actions: 'Actions' },
          edit: 'Edit {{name}}',
          delete: 'Delete {{name}}',
          form: { addTitle: 'New note', editTitle: 'Edit note', cancel: 'Cancel', add: 'Add', save: 'Save' },
        },
      },
      () => ({ status: 200 }),
    )
    const t = i18n.t.bind(i18n) as (k: string, v?: Record<string, unknown>) => string
    const column = actionsColumn<Tag>({ i18n: { t, ns: 'notes' }, onEdit: () => {}, onDelete: () => {} })
    expect(column.header).toBe('Actions')
    render(wrap(h(Fragment, null, column.cell(tags[0]!))))
    expect(button('Edit Sales')).toBeDefined()
    expect(button('Delete Sales')).toBeDefined()
    const dialog = (adds: boolean) =>
      wrap(
        h(FormDialog, {
          open: true,
          busy: false,
          onClose: () => {},
          onSubmit: () => {},
          ns: 'notes',
          adds,
          children: null,
        }),
      )
    rerender(dialog(true))
    expect(text()).toContain('New note')
    expect(button('Add')).toBeDefined()
    rerender(dialog(false))
    expect(text()).toContain('Edit note')
    expect(button('Save')).toBeDefined()
    expect(button('Cancel')).toBeDefined()
  })
})
