// The /verify page's check of a dropped file (issue 16): read the archive, fetch its attestation and the
// console's public keys, and run contract/rules/attestation.ts's checks, all in the browser.
import {
  type Attestation,
  archiveUuid,
  ed25519Supported,
  type SigningKeyAnswer,
  type Verdict,
  verifyArchive,
} from '../../../../contract/rules/attestation';
import { NotAnArchiveError, readFirmwareArchive } from '../../../../contract/rules/firmware-archive';
import { ApiError, type HttpClient } from '../../../dataProvider/httpClient';

export type CheckFailure =
  | 'unsupported'
  | 'not_archive'
  | 'damaged'
  | 'no_build'
  | 'no_attestation'
  | 'unreachable';

export type CheckOutcome =
  | { kind: 'verdict'; verdict: Verdict; files: number }
  | { kind: 'failure'; reason: CheckFailure };

const TIMEOUT_MS = 20_000;

export async function checkFirmwareFile(file: Blob, http: HttpClient): Promise<CheckOutcome> {
  if (!(await ed25519Supported())) return { kind: 'failure', reason: 'unsupported' };
  let facts: Awaited<ReturnType<typeof readFirmwareArchive>>;
  try {
    facts = await readFirmwareArchive(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    if (error instanceof NotAnArchiveError)
      return { kind: 'failure', reason: error.damaged ? 'damaged' : 'not_archive' };
    throw error;
  }
  const uuid = archiveUuid(facts);
  const get = async <T>(path: string) => (await http<T>(path, { auth: false, timeout: TIMEOUT_MS })).json;
  const missing = (error: unknown) => error instanceof ApiError && error.status === 404;
  let attestation: Attestation | undefined;
  let keys: SigningKeyAnswer;
  try {
    // Issue 37: this very file's attestation, by its sha256 (a file of any kept run of the build); else the
    // build's latest kept run's, so that an altered file is told what differs.
    attestation = await get<Attestation>(`/files/attestations/${facts.sha256}`).catch((error) => {
      if (missing(error)) return undefined;
      throw error;
    });
    if (!attestation) {
      if (!uuid) return { kind: 'failure', reason: 'no_build' };
      attestation = await get<Attestation>(`/files/firmwares/${uuid}/attestation`);
    }
    keys = await get<SigningKeyAnswer>('/signing-key');
  } catch (error) {
    if (missing(error)) return { kind: 'failure', reason: 'no_attestation' };
    return { kind: 'failure', reason: 'unreachable' };
  }
  const verdict = await verifyArchive(facts, attestation, keys.keys);
  return { kind: 'verdict', verdict, files: facts.manifest?.files?.length ?? facts.files.size };
}
