/**
 * Test support for the kit's and the modules' component tests, as `@atende/ui/testing` (no page
 * imports it, so it stays out of the browser bundles).
 */
import { afterEach, vi } from 'vitest'
import { act, createElement as h, Fragment, Suspense, type ComponentType, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import i18next from 'i18next'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { ClientProvider, createAtendeClient } from '@atende/client'
import { Toaster } from './toasts.tsx'

export interface Call {
  method: string
  path: string
  /** The query string's values. */
  query: Record<string, string>
  body: unknown
}

/** What a test's fake server answers: a status and a JSON body. */
export type Answer = { status: number; body?: unknown }

/**
 * A module's surroundings without the shell: an i18n instance with the given words and an API
 * client whose requests reach `answer` (the edge of the world) instead of the network.
 */
export async function surroundings(
  words: Record<string, unknown>,
  answer: (call: Call) => Answer,
  /** The signed-in user (default: Ana, an admin of company 1). */
  user: Record<string, unknown> = {},
) {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { translation: words } },
    interpolation: { escapeValue: false },
  })
  const calls: Call[] = []
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://test.local')
    const call = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }
    calls.push(call)
    const a = answer(call)
    return new Response(a.body === undefined ? null : JSON.stringify(a.body), {
      status: a.status,
      headers: { 'content-type': 'application/json' },
    })
  }) as typeof globalThis.fetch
  const client = createAtendeClient({ fetch })
  // Signed in: a token without expiry is sent as it is, no refresh first.
  client.session.saveLogin({
    token: 'test-token',
    user: { id: 1, name: 'Ana', email: 'ana@x.com', companyId: 1, profile: 'admin', super: false, ...user } as never,
  })
  const wrap = (ui: ReactNode) => h(I18nextProvider, { i18n }, h(ClientProvider, { client, manageSocket: false }, ui))
  return { wrap, calls, i18n }
}

/** Lets pending promises (a request's answer, the state it sets) settle inside act(). */
export const settle = () => new Promise((r) => setTimeout(r, 0))

// Component tests in jsdom: React warns about updates outside act() unless told it is a test.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let root: Root | null = null
let host: HTMLElement | null = null

/** Mounts `ui` in a fresh element of the document; unmounted after each test. */
export function render(ui: ReactNode): HTMLElement {
  host = document.createElement('div')
  document.body.append(host)
  root = createRoot(host)
  act(() => root!.render(ui))
  return host
}

/** Renders new props into the last mounted root. */
export function rerender(ui: ReactNode) {
  act(() => root!.render(ui))
}

/** Types into a controlled input the way React notices (native setter + input event). */
export function type(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
  act(() => {
    setter.call(input, value)
    input.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

afterEach(() => {
  act(() => root?.unmount())
  root = null
  host?.remove()
  host = null
  vi.useRealTimers()
})

/** The page's whole text. */
export const pageText = () => document.body.textContent ?? ''

/** The button named so, by its accessible name or its text. */
export const buttonNamed = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name || b.textContent === name)!

/** Clicks and lets the requests it starts settle. */
export async function clickOn(el: Element) {
  await act(async () => {
    ;(el as HTMLElement).click()
    await settle()
  })
}

/** Types into an input or a textarea the way React notices, and lets what it starts settle. */
export async function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!
  await act(async () => {
    setter.call(field, value)
    field.dispatchEvent(new Event('input', { bubbles: true }))
    await settle()
  })
}

/**
 * A module's page mounted as the shell would (a toaster beside it, a lazy boundary around it) in
 * its `surroundings`, once its first requests have settled.
 */
export async function mountPage(
  page: ComponentType,
  words: Record<string, unknown>,
  answer: (call: Call) => Answer,
  user?: Record<string, unknown>,
) {
  const world = await surroundings(words, answer, user)
  render(world.wrap(h(Fragment, null, h(Toaster), h(Suspense, { fallback: null }, h(page)))))
  await act(settle)
  return world
}

/** A fake server's `DELETE <base>/:id` over the rows it keeps: the row goes, 204; null for any other call. */
export function deleteRow(rows: { id: number }[], base: string, call: Call): Answer | null {
  const id =
    call.method === 'DELETE' && call.path.startsWith(`${base}/`) ? Number(call.path.slice(base.length + 1)) : NaN
  const at = rows.findIndex((r) => r.id === id)
  if (at < 0) return null
  rows.splice(at, 1)
  return { status: 204 }
}

/** A fake server's answer to a call it has no route for. */
export const noRoute = (error = 'ERR_NOT_FOUND'): Answer => ({ status: 404, body: { error, message: 'no route' } })

/** The element with this test id, if it is on the page. */
export const byTestid = (id: string) => document.querySelector<HTMLElement>(`[data-testid="${id}"]`)
