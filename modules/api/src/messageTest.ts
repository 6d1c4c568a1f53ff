import { rules, type Problem } from '@atende/ui'

/** The test form of /messages-api. */
export type TestMode = 'text' | 'media'

export interface TestValues {
  token: string
  number: string
  body: string
  idempotencyKey: string
  file: File | null
}
export type TestErrors = Partial<Record<'token' | 'number' | 'body' | 'file', Problem>>

export const emptyTest = (): TestValues => ({ token: '', number: '', body: '', idempotencyKey: '', file: null })

/** Token, number and body are required; the media test needs a file. Values are i18n keys. */
export function testErrors(v: TestValues, mode: TestMode): TestErrors {
  const found: TestErrors = {}
  for (const key of ['token', 'number', 'body'] as const) {
    const e = rules.required(v[key])
    if (e) found[key] = e
  }
  if (mode === 'media' && !v.file) found.file = 'messagesApi.test.fileRequired'
  return found
}

/** What POST /api/messages/send gets: JSON for a text, multipart (number, body, medias) for a media. */
export function testRequest(v: TestValues, mode: TestMode): { body: unknown; headers: Record<string, string> } {
  const headers: Record<string, string> = { Authorization: `Bearer ${v.token.trim()}` }
  if (v.idempotencyKey.trim()) headers['Idempotency-Key'] = v.idempotencyKey.trim()
  const number = v.number.trim()
  if (mode === 'text' || !v.file) return { body: { number, body: v.body }, headers }
  const form = new FormData()
  form.append('number', number)
  form.append('body', v.body)
  form.append('medias', v.file, v.file.name)
  return { body: form, headers }
}
