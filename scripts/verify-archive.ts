// What `npm run verify` does (scripts/verify.ts is its command line): checks a firmware archive the console
// built against its signed attestation (issue 16), the same checks as the /verify page
// (contract/rules/attestation.ts). A function of its arguments and two writers, so tests run it in-process
// rather than starting tsx for every case (issue 40).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  type Attestation,
  archiveUuid,
  attestedAtUpgrade,
  describeProblem,
  pemToDer,
  type SigningKeyAnswer,
  sha256Hex,
  upgradeNote,
  verifyArchive,
} from '../contract/rules/attestation';
import { NotAnArchiveError, readFirmwareArchive } from '../contract/rules/firmware-archive';

const USAGE = 'usage: npm run verify -- [--server URL] [--key PUBLIC.pem] [--attestation FILE.json] ARCHIVE';

/** Where the verdict goes: the valid line to `out`, reasons to `err` (the CLI passes console.log/error). */
export interface VerifyOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

class CannotCheck extends Error {}

async function getJson<T>(url: string, what: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    throw new CannotCheck(`could not reach ${url}: ${(error as Error).message}`);
  }
  if (res.status === 404) throw new CannotCheck(`the console has no ${what} (${url} answered 404)`);
  if (!res.ok) throw new CannotCheck(`${url} answered ${res.status}`);
  return (await res.json()) as T;
}

async function check(args: string[], { out, err }: VerifyOutput): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      key: { type: 'string' },
      attestation: { type: 'string' },
    },
  });
  const file = positionals[0];
  const server = values.server?.replace(/\/+$/, '');
  if (!file || positionals.length > 1) throw new CannotCheck(USAGE);
  if (!server && !(values.key && values.attestation))
    throw new CannotCheck(`--server, or --key and --attestation to check offline\n${USAGE}`);

  let facts: Awaited<ReturnType<typeof readFirmwareArchive>>;
  try {
    facts = await readFirmwareArchive(new Uint8Array(await readFile(file)));
  } catch (error) {
    if (error instanceof NotAnArchiveError) {
      err(`INVALID ${file}: not a firmware archive (${error.message})`);
      return 1;
    }
    throw new CannotCheck(`cannot read ${file}: ${(error as Error).message}`);
  }
  const uuid = archiveUuid(facts);

  let attestation: Attestation;
  if (values.attestation) attestation = JSON.parse(await readFile(values.attestation, 'utf8')) as Attestation;
  else {
    if (!uuid) {
      err(`INVALID ${file}: the archive names no build (no manifest.json, no <uuid>/ folder)`);
      return 1;
    }
    attestation = await getJson<Attestation>(
      `${server}/api/files/firmwares/${uuid}/attestation`,
      `attestation for build ${uuid}`,
    );
  }

  let keys: { key_id: string; public_key: string }[];
  if (values.key) {
    const pem = await readFile(values.key, 'utf8');
    keys = [{ key_id: (await sha256Hex(pemToDer(pem))).slice(0, 16), public_key: pem }];
  } else keys = (await getJson<SigningKeyAnswer>(`${server}/api/signing-key`, 'signing key')).keys;

  const verdict = await verifyArchive(facts, attestation, keys);
  if (!verdict.valid) {
    err(`INVALID ${file}: ${verdict.problems.map(describeProblem).join('; ')}`);
    return 1;
  }
  const p = verdict.payload;
  if (!p) return 1;
  const tags = p.release.tags.map(
    (t) => `${t.repository}@${t.tag}${t.commit ? ` (${t.commit.slice(0, 10)})` : ''}`,
  );
  out(
    `VALID ${file}: build ${p.uuid}, ${p.model} ${p.platform} ${p.install_type}, release ${p.release.series} ` +
      `${p.release.version}${tags.length ? ` [${tags.join(', ')}]` : ''}, config ${p.config_hash.slice(0, 12)}, ` +
      `sha256 ${p.sha256.slice(0, 12)}…, signed ${p.signed_at} by key ${p.key_id}, agent ${p.agent}` +
      `${verdict.noManifest ? ' (no manifest: the archive digest alone was checked)' : ''}` +
      `${attestedAtUpgrade(p) ? `; ${upgradeNote(p)}` : ''}`,
  );
  return 0;
}

/**
 * Checks the archive `args` name; the exit code: 0 valid (one line to `out`), 1 altered (the reasons to `err`),
 * 2 could not check (usage, unreachable server, unreadable file).
 */
export async function runVerify(args: string[], output: VerifyOutput): Promise<number> {
  try {
    return await check(args, output);
  } catch (error) {
    output.err(
      error instanceof CannotCheck
        ? error.message
        : error instanceof Error
          ? (error.stack ?? error.message)
          : String(error),
    );
    return 2;
  }
}
