/**
 * A stand-in for the API server at the edge of the client: records every call and answers with
 * the handler's Response. Only the network is faked; the client code runs unchanged.
 */
export interface FakeCall {
  method: string
  path: string
  query: URLSearchParams
  headers: Record<string, string>
  body: unknown
  credentials?: string
  signal?: AbortSignal | null
}

export type FakeHandler = (call: FakeCall) => Response | Promise<Response>

export function fakeFetch(handler: FakeHandler) {
  const calls: FakeCall[] = []
  const fn = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://api.test')
    const call: FakeCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: { ...(init.headers as Record<string, string>) },
      body: init.body,
      credentials: init.credentials,
      signal: init.signal,
    }
    calls.push(call)
    return handler(call)
  }
  return { fetch: fn as typeof fetch, calls }
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

export const apiError = (status: number, error: string, message = error, extra: Record<string, unknown> = {}) =>
  json(status, { error, message, statusCode: status, ...extra })

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export const bearer = (call: FakeCall) => call.headers.Authorization?.replace(/^Bearer /, '') ?? null
