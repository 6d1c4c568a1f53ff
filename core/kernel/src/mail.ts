import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { MailService } from '@atende/sdk'

/** SMTP when SMTP_URL is set; otherwise the mail is written to the log so a local user can read the code. */
export function createMail(smtpUrl: string | undefined, from: string, log: FastifyBaseLogger): MailService {
  if (!smtpUrl) {
    return {
      async send(msg) {
        log.info(
          { mail: { to: msg.to, subject: msg.subject } },
          `mail (no SMTP_URL set) to ${msg.to}: ${msg.subject}\n${msg.text}`,
        )
      },
    }
  }
  const transport = nodemailer.createTransport(smtpUrl)
  return {
    async send(msg) {
      await transport.sendMail({ from, ...msg })
    },
  }
}
