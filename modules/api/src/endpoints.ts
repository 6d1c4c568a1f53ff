/**
 * What integrators can call with a token:
 * the send-message API and the contacts API v1. The stats card counts this list.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface Endpoint {
  /** i18n key under apiTokens.endpoints. */
  key: string
  method: HttpMethod
  /** Under the API's base; {companyId} is filled in for the signed-in company. */
  path: string
}

const CONTACTS = '/v1/companies/{companyId}/contacts'

export const ENDPOINTS: readonly Endpoint[] = [
  { key: 'sendMessage', method: 'POST', path: '/messages/send' },
  { key: 'createContact', method: 'POST', path: CONTACTS },
  { key: 'listContacts', method: 'GET', path: `${CONTACTS}?page=1&limit=20` },
  { key: 'getContact', method: 'GET', path: `${CONTACTS}/{id}` },
  { key: 'findContact', method: 'GET', path: `${CONTACTS}/find?number=5511999999999` },
  { key: 'updateContact', method: 'PUT', path: `${CONTACTS}/{id}` },
  { key: 'deleteContact', method: 'DELETE', path: `${CONTACTS}/{id}` },
  { key: 'bulkSync', method: 'POST', path: `${CONTACTS}/bulk-sync` },
  { key: 'contactStats', method: 'GET', path: `${CONTACTS}/stats` },
]

/** The API's base as integrators reach it: this server's /api. */
export const apiBase = (origin: string) => `${origin.replace(/\/+$/, '')}/api`

/** A documented path with the company filled in. */
export const endpointPath = (path: string, companyId: number | null) =>
  path.replace('{companyId}', companyId != null ? String(companyId) : '{companyId}')

/** Stands for the integrator's token in the examples (each language has its word). */
export const TOKEN_PLACEHOLDER = 'SEU_TOKEN'

/** i18n key (under apiTokens.examples) and the command, for the usage examples. */
export interface Example {
  key: string
  command: string
}

/** curl examples for the main calls, ready to paste. */
export function curlExamples(base: string, companyId: number | null, token = TOKEN_PLACEHOLDER): Example[] {
  const contacts = `${base}${endpointPath(CONTACTS, companyId)}`
  const auth = `-H "Authorization: Bearer ${token}"`
  return [
    {
      key: 'sendText',
      command: [
        `curl -X POST "${base}/messages/send"`,
        auth,
        '-H "Content-Type: application/json"',
        '-H "Idempotency-Key: pedido-1234"',
        `-d '{"number": "5511999999999", "body": "Olá! Seu pedido foi enviado."}'`,
      ].join(' \\\n  '),
    },
    {
      key: 'sendMedia',
      command: [
        `curl -X POST "${base}/messages/send"`,
        auth,
        '-F "number=5511999999999"',
        '-F "body=Segue o comprovante"',
        '-F "medias=@comprovante.pdf"',
      ].join(' \\\n  '),
    },
    {
      key: 'createContact',
      command: [
        `curl -X POST "${contacts}"`,
        auth,
        '-H "Content-Type: application/json"',
        `-d '{"name": "Maria Souza", "number": "5511999999999", "email": "maria@exemplo.com", "cnpj": "", "custumerCode": "C-001", "companyName": "Loja da Maria"}'`,
      ].join(' \\\n  '),
    },
    {
      key: 'findContact',
      command: [`curl "${contacts}/find?number=5511999999999"`, auth].join(' \\\n  '),
    },
    {
      key: 'bulkSync',
      command: [
        `curl -X POST "${contacts}/bulk-sync"`,
        auth,
        '-H "Content-Type: application/json"',
        `-d '{"contacts": [{"name": "Maria Souza", "number": "5511999999999"}, {"name": "João Lima", "number": "5521988887777"}]}'`,
      ].join(' \\\n  '),
    },
  ]
}
