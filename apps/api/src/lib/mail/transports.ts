import nodemailer from 'nodemailer'
import type { OutboxMessage } from './repository.js'

/** What the mailer needs from a logger (Fastify's pino logger fits). */
export interface MailLogger {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** Delivers one outbox message; resolves when the message is accepted, rejects with the reason otherwise. */
export interface MailTransport {
  readonly name: string
  /**
   * false: the message goes nowhere outside the outbox (no SMTP configured), so its row is marked
   * 'logged' ("Registrado (sem SMTP)"), never 'sent'. Absent means a real delivery.
   */
  readonly delivers?: boolean
  send(message: OutboxMessage): Promise<void>
  close?(): void | Promise<void>
}

/**
 * Without SMTP the outbox table is the mailbox (admins read it); this transport only writes one
 * log line per message. Never the body: bodies carry links such as password resets.
 */
export function createLogTransport(log: MailLogger): MailTransport {
  return {
    name: 'log',
    delivers: false,
    async send(message) {
      log.info(
        { outboxId: message.id, kind: message.kind, to: message.to, subject: message.subject },
        'e-mail registrado na caixa de saída (sem SMTP configurado)',
      )
    },
  }
}

export interface SmtpTransportOptions {
  /** smtp:// or smtps:// URL with credentials, from SMTP_URL. */
  url: string
  /** Sender, from MAIL_FROM. */
  from: string
}

/** Real delivery through nodemailer. Short timeouts so a stuck server cannot hold a dispatch pass for minutes. */
export function createSmtpTransport(options: SmtpTransportOptions): MailTransport {
  const transporter = nodemailer.createTransport(
    { url: options.url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 },
    { from: options.from },
  )
  return {
    name: 'smtp',
    async send(message) {
      await transporter.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.replyTo ? { replyTo: message.replyTo } : {}),
        headers: { ...message.headers, 'X-Outbox-Id': message.id },
      })
    },
    close() {
      transporter.close()
    },
  }
}
