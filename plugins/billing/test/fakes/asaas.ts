import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakePayment {
  id: string
  customer: string
  billingType: string
  value: number
  dueDate: string
  externalReference: string | null
  status: string
}

/**
 * The subset of Asaas v3 the adapter uses (customers, PIX payments, their QR, a payment's status),
 * checking the access_token header like the real one; `pay` plays the payer and Asaas's notification:
 * the charge turns RECEIVED and PAYMENT_RECEIVED is posted to the webhook with Asaas's token header.
 */
export function fakeAsaas(apiKey: string) {
  const payments = new Map<string, FakePayment>()
  const customers: Array<Record<string, unknown>> = []
  let events = 0
  const readBody = async (req: IncomingMessage) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    return raw ? JSON.parse(raw) : {}
  }
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.headers.access_token !== apiKey) return send(401, { errors: [{ code: 'invalid_access_token' }] })
    const url = req.url ?? ''
    if (req.method === 'POST' && url === '/v3/customers') {
      const body = await readBody(req)
      customers.push(body)
      return send(200, { object: 'customer', id: `cus_${customers.length}`, ...body })
    }
    if (req.method === 'POST' && url === '/v3/payments') {
      const body = await readBody(req)
      const p: FakePayment = { ...body, id: `pay_${payments.size + 1}`, status: 'PENDING' }
      payments.set(p.id, p)
      return send(200, { object: 'payment', ...p })
    }
    const qr = url.match(/^\/v3\/payments\/([^/]+)\/pixQrCode$/)
    if (req.method === 'GET' && qr && payments.has(qr[1]))
      return send(200, {
        encodedImage: Buffer.from(`png-of-${qr[1]}`).toString('base64'),
        payload: `00020126-asaas-${qr[1]}`,
        expirationDate: '2027-12-31 23:59:59',
      })
    const one = url.match(/^\/v3\/payments\/([^/]+)$/)
    if (req.method === 'GET' && one && payments.has(one[1]))
      return send(200, { object: 'payment', ...payments.get(one[1]) })
    send(404, { errors: [{ code: 'not_found' }] })
  })
  return {
    server,
    payments,
    customers,
    /** Listens on a loopback port; the base URL for ASAAS_BASE_URL. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () => new Promise((resolve) => server.close(resolve)),
    /** The payer pays `chargeId`; Asaas notifies `webhookUrl` with `token`. Answers the webhook's reply. */
    async pay(chargeId: string, webhookUrl: string, token: string) {
      const payment = payments.get(chargeId)
      if (!payment) throw new Error(`fake Asaas: no payment ${chargeId}`)
      payment.status = 'RECEIVED'
      events += 1
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'asaas-access-token': token },
        body: JSON.stringify({
          id: `evt_fake_${events}`,
          event: 'PAYMENT_RECEIVED',
          dateCreated: new Date().toISOString().slice(0, 19).replace('T', ' '),
          payment: { object: 'payment', ...payment },
        }),
      })
      return { status: res.status, body: (await res.json()) as unknown }
    },
  }
}
