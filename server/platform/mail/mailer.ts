import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries; logged when the message goes to the outbox, so it works with no SMTP. */
  link?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  /** `smtp://host:port` (or smtps://, with credentials in the URL). Unset: the outbox. */
  smtpUrl?: string;
  /** Where messages are written as .eml files when there is no SMTP server. */
  outboxDir: string;
  from: string;
  log: FastifyBaseLogger;
}

function outboxName(): string {
  return `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
}

/** Sends through SMTP when configured; otherwise writes each RFC 822 message to the outbox and logs its link. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send({ to, subject, text, html, headers }) {
        await transport.sendMail({ from: options.from, to, subject, text, html, headers });
        options.log.info({ to, subject }, 'e-mail sent');
      },
      close: () => transport.close(),
    };
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ to, subject, text, html, link, headers }) {
      const info = await transport.sendMail({ from: options.from, to, subject, text, html, headers });
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, outboxName());
      await writeFile(file, info.message as Buffer);
      options.log.info({ to, subject, link, file }, 'e-mail written to the outbox (SMTP_URL is not set)');
    },
    close: () => transport.close(),
  };
}
