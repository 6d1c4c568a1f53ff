// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { act, createElement as h, Fragment } from 'react'
import { ModalToasts, Toaster, toast } from '../src/toasts.tsx'
import { render, rerender } from './support/dom.ts'

const shown = () =>
  [...document.querySelectorAll('[data-kind]')].map((t) => ({
    text: t.textContent,
    inModal: !!t.closest('[data-modal]'),
  }))

describe('toast layers', () => {
  it('shows toasts at the root, in the newest open modal while one is open (the page behind is inert), then at the root again', () => {
    const ui = (a: boolean, b: boolean) =>
      h(
        Fragment,
        null,
        h(Toaster),
        h('div', { 'data-modal': 'a' }, h(ModalToasts, { open: a })),
        h('div', { 'data-modal': 'b' }, h(ModalToasts, { open: b })),
      )
    render(ui(false, false))
    act(() => {
      toast.error('Selecione uma fila', 60_000)
    })
    expect(shown()).toEqual([{ text: 'Selecione uma fila×', inModal: false }])
    rerender(ui(true, false))
    expect(shown()).toEqual([{ text: 'Selecione uma fila×', inModal: true }])
    expect(document.querySelector('[data-modal="a"] [role="alert"]')).not.toBeNull()
    rerender(ui(true, true))
    expect(document.querySelectorAll('[data-kind]')).toHaveLength(1)
    expect(document.querySelector('[data-modal="b"] [role="alert"]')).not.toBeNull()
    rerender(ui(false, false))
    expect(shown()).toEqual([{ text: 'Selecione uma fila×', inModal: false }])
  })
})
