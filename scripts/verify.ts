// `npm run verify -- --server URL FILE`: checks a firmware archive the console built against its signed
// attestation (issue 16; the checks are in scripts/verify-archive.ts). Offline:
// `--key PEM --attestation JSON FILE` (the public key from GET /api/signing-key, the attestation from
// GET /api/files/firmwares/{uuid}/attestation, both saved beforehand). Exit 0 and one line when valid;
// 1 and the reasons when the archive, a file inside it or the attestation was altered; 2 when it could not check.
import { runVerify } from './verify-archive';

runVerify(process.argv.slice(2), { out: console.log, err: console.error }).then((code) => {
  process.exitCode = code;
});
