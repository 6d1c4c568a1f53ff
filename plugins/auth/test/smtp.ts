import { SMTPServer } from 'smtp-server'
import type { AddressInfo } from 'node:net'

interface Mail {
  to: string
  raw: string
}

/** A real SMTP server on loopback: the kernel's nodemailer transport delivers here. */
export async function startSmtp() {
  const inbox: Mail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.setEncoding('utf8')
      stream.on('data', (chunk: string) => {
        raw += chunk
      })
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return { inbox, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

const qp = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8')

/** Subject and text body of a raw single-part mail (quoted-printable, RFC 2047 subject). */
export function decode(raw: string) {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/)
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ')
  const subjectLine = /^Subject: (.*)$/m.exec(unfolded)?.[1] ?? ''
  const subject = subjectLine
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, w: string) => qp(w.replace(/_/g, ' ')))
  return { subject, text: qp(rest.join('\n\n')) }
}

/** The 6-digit code of the newest mail to this address. */
export function codeFor(inbox: Mail[], to: string): string {
  const mail = [...inbox].reverse().find((m) => m.to === to)
  if (!mail) throw new Error(`no mail to ${to}`)
  const match = /verificação para redefinir a senha no Atende é: (\d{6})/.exec(decode(mail.raw).text)
  if (!match) throw new Error(`no code in mail: ${mail.raw}`)
  return match[1]
}
