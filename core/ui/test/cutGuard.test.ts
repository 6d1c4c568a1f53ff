// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { guardCuts, overflows } from '../src/cutGuard.ts'

/** A paste event as the browser sends it (jsdom has no ClipboardEvent data of its own). */
function paste(target: Element, text: string) {
  const e = new Event('paste', { bubbles: true, cancelable: true })
  Object.defineProperty(e, 'clipboardData', { value: { getData: () => text } })
  target.dispatchEvent(e)
}
function typeChar(target: Element, data: string) {
  const e = new Event('beforeinput', { bubbles: true, cancelable: true })
  Object.defineProperties(e, { inputType: { value: 'insertText' }, data: { value: data } })
  target.dispatchEvent(e)
}

let undo: (() => void) | null = null
afterEach(() => {
  undo?.()
  undo = null
  document.body.innerHTML = ''
})

function box(tag: 'input' | 'textarea', max: number, value = '') {
  const el = document.createElement(tag)
  if (max >= 0) el.maxLength = max
  el.value = value
  document.body.append(el)
  return el
}

describe('nothing is cut silently', () => {
  it('overflows: what the box holds, less the selection it replaces, plus the text, against maxLength', () => {
    const el = box('textarea', 10, '12345')
    el.setSelectionRange(5, 5)
    expect(overflows(el, '12345')).toBe(false)
    expect(overflows(el, '123456')).toBe(true)
    el.setSelectionRange(0, 5) // the whole text is replaced
    expect(overflows(el, '1234567890')).toBe(false)
    expect(overflows(box('input', -1, 'x'), 'x'.repeat(10_000))).toBe(false) // no limit
  })

  it('a paste past the limit is told with the limit, every time; one within it is not', () => {
    const told: number[] = []
    undo = guardCuts(document, (max) => told.push(max))
    const task = box('input', 5_000)
    paste(task, 'x'.repeat(4_000))
    expect(told).toEqual([])
    paste(task, 'x'.repeat(10_000))
    paste(task, 'x'.repeat(10_000))
    expect(told).toEqual([5_000, 5_000])
  })

  it('typing at the limit is told once per visit to the box', () => {
    const told: number[] = []
    undo = guardCuts(document, (max) => told.push(max))
    const name = box('input', 3, 'abc')
    name.setSelectionRange(3, 3)
    typeChar(name, 'd')
    typeChar(name, 'e')
    expect(told).toEqual([3])
    name.dispatchEvent(new FocusEvent('focusout', { bubbles: true }))
    typeChar(name, 'f')
    expect(told).toEqual([3, 3])
  })

  it('leaves boxes that are not text, read-only ones and those without a limit alone; undo stops it', () => {
    const told: number[] = []
    undo = guardCuts(document, (max) => told.push(max))
    const date = box('input', 3)
    ;(date as HTMLInputElement).type = 'number'
    paste(date, '123456')
    const locked = box('textarea', 3)
    locked.readOnly = true
    paste(locked, '123456')
    paste(box('textarea', -1), '123456')
    expect(told).toEqual([])
    undo()
    undo = null
    paste(box('input', 3), '123456')
    expect(told).toEqual([])
  })
})
