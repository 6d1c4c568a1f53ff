// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { act, createElement as h, useState } from 'react'
import { MaskedInput } from '../src/MaskedInput.tsx'
import { Select } from '../src/Select.tsx'
import { CheckboxField, TextAreaField, TextField } from '../src/TextField.tsx'
import { columnsOf } from '../src/columns.tsx'
import { clickOn, typeInto } from '../src/testing.ts'
import { Toaster, TOAST_MS, toast } from '../src/toasts.tsx'
import { render, rerender, type } from './support/dom.ts'

describe('TextField', () => {
  it('ties the label to the input and reports the typed value', () => {
    const onChange = vi.fn()
    const el = render(h(TextField, { label: 'E-mail', name: 'email', value: '', onChange }))
    const input = el.querySelector('input')!
    const label = el.querySelector('label')!
    expect(label.htmlFor).toBe(input.id)
    expect(input.id).not.toBe('')
    expect(input.getAttribute('aria-invalid')).toBeNull()
    type(input, 'ana@x.com')
    expect(onChange).toHaveBeenCalledWith('ana@x.com')
  })

  it('shows an inline error as an alert, described by the input, and marks it invalid', () => {
    const el = render(
      h(TextField, { id: 'pw', label: 'Senha', value: '', hint: '8+', error: 'Obrigatório', onChange: () => {} }),
    )
    const input = el.querySelector('input')!
    const error = el.querySelector('[role="alert"]')!
    expect(error.textContent).toBe('Obrigatório')
    expect(error.id).toBe('pw-error')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(input.getAttribute('aria-describedby')).toBe('pw-error')
    expect(input.className).toContain('border-red-500!')
    // The hint gives way to the error.
    expect(el.textContent).not.toContain('8+')
  })

  it('describes the input with its hint when there is no error', () => {
    const el = render(
      h(TextField, { id: 'pw', label: 'Senha', value: '', hint: 'Deixe em branco', onChange: () => {} }),
    )
    expect(el.querySelector('input')!.getAttribute('aria-describedby')).toBe('pw-hint')
    expect(el.querySelector('#pw-hint')!.textContent).toBe('Deixe em branco')
  })
})

describe('required fields', () => {
  it('marks the label with an asterisk beside it (the name stays the label) and the control as required', () => {
    const el = render(h(TextField, { label: 'Descrição', value: '', required: true, onChange: () => {} }))
    const label = el.querySelector('label')!
    const input = el.querySelector('input')!
    expect(label.textContent).toBe('Descrição')
    expect(label.nextElementSibling!.textContent).toBe('*')
    expect(label.nextElementSibling!.getAttribute('aria-hidden')).toBe('true')
    expect(input.required).toBe(true)
    const select = render(h(Select, { label: 'Fila', options: [{ value: 1, label: 'Vendas' }], required: true }))
    expect(select.querySelector('label')!.nextElementSibling!.textContent).toBe('*')
    expect(select.querySelector('select')!.required).toBe(true)
  })

  it('leaves optional fields unmarked', () => {
    const el = render(h(TextField, { label: 'E-mail', value: '', onChange: () => {} }))
    expect(el.querySelector('[data-required]')).toBeNull()
    expect(el.querySelector('input')!.required).toBe(false)
  })
})

describe('MaskedInput', () => {
  function Controlled({ mask, onValue }: { mask: 'cnpj' | 'phone'; onValue: (v: string) => void }) {
    const [value, setValue] = useState('')
    return h(MaskedInput, {
      mask,
      label: 'Campo',
      value,
      onChange: (v: string) => {
        setValue(v)
        onValue(v)
      },
    })
  }

  it('formats a CNPJ as it is typed, with numeric keyboard and max length 18', () => {
    const seen: string[] = []
    const el = render(h(Controlled, { mask: 'cnpj', onValue: (v) => seen.push(v) }))
    const input = el.querySelector('input')!
    expect(input.inputMode).toBe('numeric')
    expect(input.maxLength).toBe(18)
    type(input, '112223330001')
    type(input, '11.222.333/000181')
    expect(input.value).toBe('11.222.333/0001-81')
    expect(seen.at(-1)).toBe('11.222.333/0001-81')
  })

  it('formats a phone and keeps formatting a value set from outside', () => {
    const el = render(h(Controlled, { mask: 'phone', onValue: () => {} }))
    const input = el.querySelector('input')!
    type(input, '5547999999999')
    expect(input.value).toBe('+55 (47) 99999-9999')
    rerender(h(MaskedInput, { mask: 'phone', label: 'Tel', value: '554733334444', onChange: () => {} }))
    expect(el.querySelector('input')!.value).toBe('+55 (47) 3333-4444')
  })
})

describe('Select', () => {
  it('offers a placeholder and the options, reports the chosen value and shows its error', () => {
    const onChange = vi.fn()
    const el = render(
      h(Select, {
        label: 'Plano',
        placeholder: 'Selecione',
        value: '',
        error: 'Obrigatório',
        onChange,
        options: [
          { value: 1, label: 'Plano 1' },
          { value: 2, label: 'Plano 2' },
        ],
      }),
    )
    const select = el.querySelector('select')!
    expect([...select.options].map((o) => o.textContent)).toEqual(['Selecione', 'Plano 1', 'Plano 2'])
    expect(el.querySelector('label')!.htmlFor).toBe(select.id)
    expect(select.getAttribute('aria-invalid')).toBe('true')
    act(() => {
      select.value = '2'
      select.dispatchEvent(new Event('change', { bubbles: true }))
    })
    expect(onChange).toHaveBeenCalledWith('2')
  })
})

describe('toasts', () => {
  it('close by themselves after 2 s and with their × button', () => {
    vi.useFakeTimers()
    const el = render(h(Toaster))
    act(() => {
      toast.error('Falhou')
      toast.success('Salvo')
    })
    expect(
      [...el.querySelectorAll('[data-kind]')].map((n) => [n.getAttribute('data-kind'), n.getAttribute('role')]),
    ).toEqual([
      ['error', 'alert'],
      ['success', 'status'],
    ])
    act(() => {
      el.querySelector<HTMLButtonElement>('[data-kind="success"] button')!.click()
    })
    expect(el.querySelectorAll('[data-kind]').length).toBe(1)
    act(() => {
      vi.advanceTimersByTime(TOAST_MS - 1)
    })
    expect(el.textContent).toContain('Falhou')
    act(() => {
      vi.advanceTimersByTime(1)
    })
    expect(el.querySelectorAll('[data-kind]').length).toBe(0)
    expect(TOAST_MS).toBe(2000)
  })
})

describe('TextAreaField', () => {
  it('ties the label to the text area, reports the typed text and shows its error under it', async () => {
    const onChange = vi.fn()
    const el = render(h(TextAreaField, { label: 'Mensagem', value: '', onChange, error: 'Muito longo!', rows: 4 }))
    const area = el.querySelector('textarea')!
    expect(el.querySelector('label')!.htmlFor).toBe(area.id)
    expect(area.rows).toBe(4)
    expect(area.getAttribute('aria-invalid')).toBe('true')
    expect(area.getAttribute('aria-describedby')).toBe(`${area.id}-error`)
    expect(area.className).toContain('resize-y')
    await typeInto(area, 'Olá\ntudo bem?')
    expect(onChange).toHaveBeenCalledWith('Olá\ntudo bem?')
  })
})

describe('CheckboxField', () => {
  it('ticks from a click on its words, as a switch when asked', async () => {
    function Box() {
      const [on, setOn] = useState(false)
      return h(CheckboxField, { label: 'Padrão', checked: on, onChange: setOn, role: 'switch' })
    }
    const el = render(h(Box))
    const box = el.querySelector('input')!
    expect(box.getAttribute('role')).toBe('switch')
    expect(box.checked).toBe(false)
    await clickOn(el.querySelector('label')!)
    expect(box.checked).toBe(true)
  })
})

describe('columnsOf', () => {
  const t = ((key: string) => `«${key}»`) as never
  it("writes a column's header from the namespace and its classes from width, breakpoint, alignment and truncation", () => {
    const col = columnsOf<{ n: number }>(t, 'prompts')
    const c = col('maxTokens', { cell: (r) => r.n, width: 'w-44', from: 'sm', align: 'right', className: 'font-mono' })
    expect(c.key).toBe('maxTokens')
    expect(c.header).toBe('«prompts.columns.maxTokens»')
    expect(c.headerClassName).toBe('hidden w-44 px-3 text-right sm:table-cell')
    expect(c.className).toBe('hidden px-3 text-right font-mono sm:table-cell')
    expect(c.cell({ n: 5 })).toBe(5)
    const name = col('name', { cell: () => '', truncate: true, header: 'Nome' })
    expect(name.header).toBe('Nome')
    expect(name.headerClassName).toBe('px-3')
    expect(name.className).toBe('max-w-0 truncate px-3')
  })
})
