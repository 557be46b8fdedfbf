// What `npm run verify` does (scripts/verify.ts is its command line): checks a firmware archive the console
// built against its signed attestation (issue 16), the same checks as the /verify page
// (contract/rules/attestation.ts). A function of its arguments and two writers, so tests run it in-process
// rather than starting tsx for every case (issue 40).
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import {
  type ArchiveFacts,
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

const USAGE =
  'usage: npm run verify -- [--server URL [--run N]] [--key PUBLIC.pem] [--attestation FILE.json] ARCHIVE';

/** Where the verdict goes: the valid line to `out`, reasons to `err` (the CLI passes console.log/error). */
export interface VerifyOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

class CannotCheck extends Error {}

/** The server answered, but not as the console does (a web page, another API): named once, no stack. */
const notConsole = (server: string, why: string) =>
  new CannotCheck(`${server} is not a firmware console (${why}); check --server`);

async function getJson<T>(server: string, path: string, what: string): Promise<T | undefined> {
  const url = `${server}${path}`;
  let res: Response;
  try {
    res = await fetch(url, { headers: { accept: 'application/json' } });
  } catch (error) {
    const cause = (error as Error & { cause?: Error }).cause?.message;
    throw new CannotCheck(`could not reach ${url}: ${cause ?? (error as Error).message}`);
  }
  if (res.status === 404 && (res.headers.get('content-type') ?? '').includes('json')) return undefined;
  if (!res.ok) throw notConsole(server, `${url} answered ${res.status} for the ${what}`);
  try {
    return (await res.json()) as T;
  } catch {
    throw notConsole(server, `${url} did not answer JSON for the ${what}`);
  }
}

const isAttestation = (value: unknown): value is Attestation =>
  typeof (value as Attestation | undefined)?.payload === 'string' &&
  typeof (value as Attestation).signature === 'string';

/**
 * Issue 37: the attestation of exactly this file, by its sha256 (a file of any kept run, not only the build's
 * latest); with `--run`, that run's. Failing that, the latest kept run's of the uuid the archive names, so
 * that an altered file is told what differs.
 */
async function fetchAttestation(
  server: string,
  facts: ArchiveFacts,
  uuid: string | undefined,
  run: string | undefined,
): Promise<Attestation | undefined> {
  const get = async (path: string) => {
    const answer = await getJson<unknown>(server, path, 'attestation');
    if (answer !== undefined && !isAttestation(answer))
      throw notConsole(server, `${server}${path} is not an attestation`);
    return answer;
  };
  if (run === undefined) {
    const exact = await get(`/api/files/attestations/${facts.sha256}`);
    if (exact) return exact;
  }
  if (!uuid) return undefined;
  return get(`/api/files/firmwares/${uuid}/attestation${run === undefined ? '' : `?run=${run}`}`);
}

async function check(args: string[], { out, err }: VerifyOutput): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      server: { type: 'string' },
      run: { type: 'string' },
      key: { type: 'string' },
      attestation: { type: 'string' },
    },
  });
  const file = positionals[0];
  const server = values.server?.replace(/\/+$/, '');
  if (!file || positionals.length > 1) throw new CannotCheck(USAGE);
  if (values.run !== undefined && !/^[1-9][0-9]{0,9}$/.test(values.run))
    throw new CannotCheck(`--run takes a run number (1, 2…)\n${USAGE}`);
  if (!server && !(values.key && values.attestation))
    throw new CannotCheck(`--server, or --key and --attestation to check offline\n${USAGE}`);

  let facts: Awaited<ReturnType<typeof readFirmwareArchive>>;
  try {
    facts = await readFirmwareArchive(new Uint8Array(await readFile(file)));
  } catch (error) {
    if (error instanceof NotAnArchiveError) {
      err(
        error.damaged
          ? `INVALID ${file}: the archive is damaged or altered: it does not unpack (${error.message})`
          : `INVALID ${file}: not a firmware archive (${error.message})`,
      );
      return 1;
    }
    throw new CannotCheck(`cannot read ${file}: ${(error as Error).message}`);
  }
  const uuid = archiveUuid(facts);

  let keys: { key_id: string; public_key: string }[];
  if (values.key) {
    const pem = await readFile(values.key, 'utf8');
    keys = [{ key_id: (await sha256Hex(pemToDer(pem))).slice(0, 16), public_key: pem }];
  } else {
    // Asked first: a server that is not the console shows here, before any attestation is looked for.
    const answer = server
      ? await getJson<SigningKeyAnswer>(server, '/api/signing-key', 'signing key')
      : undefined;
    if (!server || !Array.isArray(answer?.keys))
      throw notConsole(server ?? '', `${server}/api/signing-key lists no signing keys`);
    keys = answer.keys;
  }

  let attestation: Attestation;
  if (values.attestation) attestation = JSON.parse(await readFile(values.attestation, 'utf8')) as Attestation;
  else {
    if (!uuid && values.run === undefined) {
      const exact = server ? await fetchAttestation(server, facts, undefined, undefined) : undefined;
      if (!exact) {
        err(`INVALID ${file}: the archive names no build (no manifest.json, no <uuid>/ folder)`);
        return 1;
      }
      attestation = exact;
    } else {
      const found = server ? await fetchAttestation(server, facts, uuid, values.run) : undefined;
      if (!found)
        throw new CannotCheck(
          `the console has no attestation for build ${uuid ?? '?'}${values.run ? ` run ${values.run}` : ''} ` +
            "(removed, or an earlier run's file past the console's retention)",
        );
      attestation = found;
    }
  }

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
    // One line, never a stack trace (issue 37 §3): what could not be checked and why.
    output.err(
      error instanceof CannotCheck
        ? error.message
        : `could not check: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 2;
  }
}
