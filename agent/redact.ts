import { clipLine } from './log-limits';
import type { JobSpec } from './protocol';

const MIN_SECRET_LENGTH = 3;

/** The pool passwords of a job spec, and any password written into a pool url (`stratum+tcp://u:p@host`). */
export function secretsOf(spec: Pick<JobSpec, 'pools'>): string[] {
  const secrets: string[] = [];
  for (const pool of spec.pools ?? []) {
    if (pool.password) secrets.push(pool.password);
    const userinfo = /^[a-z0-9+.-]+:\/\/([^@/]*)@/i.exec(pool.url ?? '')?.[1];
    const password = userinfo?.includes(':') ? userinfo.slice(userinfo.indexOf(':') + 1) : undefined;
    if (password) secrets.push(password, decodeURIComponentSafe(password));
  }
  return [...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Masks secrets in log lines before they leave the agent: the worker token, pool passwords, and anything
 * that looks like `password=…`, `token: …` or a bearer header, whatever script printed it.
 */
export class Redactor {
  private readonly secrets: string[];

  constructor(secrets: string[]) {
    // Longest first, so a secret containing another is masked whole.
    this.secrets = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort(
      (a, b) => b.length - a.length,
    );
  }

  line(text: string): string {
    let out = text;
    for (const secret of this.secrets) out = out.split(secret).join('***');
    out = out
      .replace(/(bearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1***')
      .replace(/\b((?:pass(?:word)?|passwd|token|secret)["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi, '$1***')
      .replace(/(:\/\/[^:/@\s]+:)[^@/\s]+@/g, '$1***@');
    // Clipped after masking, so that a cut never leaves half a secret.
    return clipLine(out);
  }
}
