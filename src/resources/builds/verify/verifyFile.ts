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

export type CheckFailure = 'unsupported' | 'not_archive' | 'no_build' | 'no_attestation' | 'unreachable';

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
    if (error instanceof NotAnArchiveError) return { kind: 'failure', reason: 'not_archive' };
    throw error;
  }
  const uuid = archiveUuid(facts);
  if (!uuid) return { kind: 'failure', reason: 'no_build' };
  let attestation: Attestation;
  let keys: SigningKeyAnswer;
  try {
    attestation = (
      await http<Attestation>(`/files/firmwares/${uuid}/attestation`, { auth: false, timeout: TIMEOUT_MS })
    ).json;
    keys = (await http<SigningKeyAnswer>('/signing-key', { auth: false, timeout: TIMEOUT_MS })).json;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404)
      return { kind: 'failure', reason: 'no_attestation' };
    return { kind: 'failure', reason: 'unreachable' };
  }
  const verdict = await verifyArchive(facts, attestation, keys.keys);
  return { kind: 'verdict', verdict, files: facts.manifest?.files?.length ?? facts.files.size };
}
