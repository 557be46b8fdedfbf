import { clipLine, MAX_LINE_LENGTH } from './log-limits';
import type { JobSpec } from './schemas/agent-schemas';

const MIN_SECRET_LENGTH = 3;
/**
 * A value found only by its variable's name is masked from this length: shorter ones (`KEYTIMEOUT=1`,
 * `USE_KEYRING=true`) are settings, not secrets, and masking them would blank common words in every line.
 */
const MIN_INFERRED_SECRET_LENGTH = 6;

/** A variable whose name says it holds a secret, wherever the word stands in the name (`ADMIN_PASSWORD`). */
export const SECRET_NAME = /pass|token|secret|key|credential/i;
// npm's copy of package.json fields (`npm_package_keywords_0`): public by definition, and common words.
const PUBLIC_NAME = /^npm_package_/i;

/** The pool passwords of a job spec, and any password written into a pool url (`stratum+tcp://u:p@host`). */
export function secretsOf(spec: Pick<JobSpec, 'pools'>): string[] {
  const secrets: string[] = [];
  for (const pool of spec.pools ?? []) {
    if (pool.password) secrets.push(pool.password);
    secrets.push(...passwordOfUrl(pool.url));
  }
  return [...new Set(secrets)].filter((secret) => secret.length >= MIN_SECRET_LENGTH);
}

/** The password written into a url's userinfo (`scheme://user:password@host`), as written and decoded. */
export function passwordOfUrl(url: string | undefined): string[] {
  const userinfo = /^[a-z0-9+.-]+:\/\/([^@/]*)@/i.exec(url ?? '')?.[1];
  const password = userinfo?.includes(':') ? userinfo.slice(userinfo.indexOf(':') + 1) : undefined;
  return password ? [password, decodeURIComponentSafe(password)] : [];
}

/** A url that may carry credentials: the whole of it, and its password alone. */
export function secretsOfUrl(url: string | undefined): string[] {
  return url ? [url, ...passwordOfUrl(url)] : [];
}

/**
 * The values of the variables of `env` whose names look secret (`AGENT_TOKEN`, `DB_PASSWORD`, `AWS_SECRET_
 * ACCESS_KEY`, `SMTP_CREDENTIALS`…), and the passwords of any url among its values: whatever this process
 * holds that a log line must never show.
 */
export function secretsOfEnvironment(env: NodeJS.ProcessEnv): string[] {
  const secrets: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value || PUBLIC_NAME.test(name)) continue;
    if (SECRET_NAME.test(name) && value.trim().length >= MIN_INFERRED_SECRET_LENGTH) secrets.push(value);
    secrets.push(...passwordOfUrl(value));
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

/** A uuid written with or without its dashes, in either case (PostgreSQL reads all of them as the same). */
function uuidPattern(uuid: string): RegExp | undefined {
  const hex = uuid.replace(/-/g, '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) return undefined;
  const groups = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20)];
  return new RegExp(groups.join('-?'), 'gi');
}

// A setting whose name holds a secret word anywhere (`ADMIN_PASSWORD=…`, `"api_key": "…"`, `token: …`).
// Tried at word starts only, so that a long word costs one pass, not one per character.
const SECRET_SETTING =
  /((?<![A-Za-z0-9_])[A-Za-z0-9_]*(?:pass|token|secret|key|credential)[A-Za-z0-9_]*["']?\s*[:=]\s*["']?)[^\s"',;&]+/gi;

/**
 * Masks secrets in log lines before they leave the agent, and again where the server stores them: the
 * values of every secret the process holds (the worker token, the server's own settings, variables whose
 * names look secret, pool passwords), anything printed as `SOME_PASSWORD=…`, `token: …` or a bearer header,
 * url passwords, and the build's uuid (the download capability of its artifact), whatever printed it.
 * Hand-written because no kept library masks known values; the patterns only add to that.
 */
export class Redactor {
  private readonly secrets: string[];
  private readonly uuids: RegExp[];

  /** `secrets` are masked where they occur as written; `uuids` in any spelling PostgreSQL reads. */
  constructor(secrets: string[], uuids: string[] = []) {
    // Longest first, so a secret containing another is masked whole.
    this.secrets = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))].sort(
      (a, b) => b.length - a.length,
    );
    this.uuids = uuids.flatMap((uuid) => uuidPattern(uuid) ?? []);
  }

  line(text: string): string {
    // Clipped first (the patterns then see a bounded line), with room for a secret across the cut.
    const room = MAX_LINE_LENGTH + (this.secrets[0]?.length ?? 0) + 64;
    let out = text.slice(0, room);
    for (const secret of this.secrets) out = out.split(secret).join('***');
    for (const uuid of this.uuids) out = out.replace(uuid, '***');
    out = out
      .replace(/(bearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1***')
      .replace(SECRET_SETTING, '$1***')
      .replace(/(:\/\/[^:/@\s]+:)[^@/\s]+@/g, '$1***@');
    // Clipped after masking (with the marker), so that a cut never leaves half a secret.
    return clipLine(out, MAX_LINE_LENGTH, Math.max(0, text.length - room));
  }
}
