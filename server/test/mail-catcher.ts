import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  /** Envelope recipients. */
  to: string[];
  subject: string;
  /** The decoded bodies of every leaf MIME part (text and HTML). */
  bodies: string[];
  raw: string;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch (encoding?.toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    default:
      return body;
  }
}

/** Decodes the leaf parts of a MIME message; enough for what nodemailer writes. */
export function mimeBodies(raw: string): string[] {
  const { headers, body } = splitHeaders(raw);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary) return [decodeBody(body, headers.get('content-transfer-encoding'))];
  return body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .flatMap((part) => mimeBodies(part.replace(/^\r?\n/, '')));
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) => {
    if (kind.toLowerCase() === 'b') return Buffer.from(text, 'base64').toString('utf8');
    return decodeBody(text.replace(/_/g, ' '), 'quoted-printable');
  });
}

/**
 * A real SMTP server on a free local port that keeps every message it receives, for tests of the e-mail
 * flows: point SMTP_URL at `url`, then wait for a mail and read the link out of it.
 */
export class MailCatcher {
  readonly mails: CaughtMail[] = [];
  private readonly waiters: (() => void)[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: decodeHeader(splitHeaders(raw).headers.get('subject') ?? ''),
          bodies: mimeBodies(raw),
          raw,
        });
        for (const wake of this.waiters.splice(0)) wake();
        callback();
      });
    },
  });

  url = '';

  /** Listens on `port` (a free one by default; a given one to play an SMTP server coming back). */
  async start(listenPort = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(listenPort, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${port}`;
    return this;
  }

  /** The next (or an already received) mail to `to`, after `since` mails; fails after `timeoutMs`. */
  async waitFor(to: string, since = 0, timeoutMs = 5000): Promise<CaughtMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = this.mails.slice(since).find((m) => m.to.includes(to.toLowerCase()));
      if (mail) return mail;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** How many mails went to `to` (after the first `since` mails). */
  countTo(to: string, since = 0): number {
    return this.mails.slice(since).filter((m) => m.to.includes(to.toLowerCase())).length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The token of the link to `path` in a mail's text part, checking the link starts with the app's address. */
export function tokenFromMail(mail: CaughtMail, appUrl: string, path: string): string {
  const text = mail.bodies.join('\n');
  const escaped = `${appUrl}${path}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const match = new RegExp(`${escaped}\\?token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in the mail:\n${text}`);
  return decodeURIComponent(match[1]);
}
