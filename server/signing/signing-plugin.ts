// Issue 16: the signing key and the attestation of every accepted artifact (app.signing).
import fp from 'fastify-plugin';
import { findBuild } from '../builds/builds-repository';
import type { JobSpec } from '../builds/input/job-spec';
import { findRepositoryByName } from '../releases/repositories-repository';
import { attestationPayload, signPayload } from './attestation';
import { KeyStore } from './key-store';
import { putAttestation } from './signing-repository';

export interface Signing {
  keys: KeyStore;
  /**
   * Signs and stores the attestation of a build's artifact, once the server accepted it (sha256 and size
   * checked, file in place), as its current run's: a rebuild's run gets its own (issue 37).
   */
  attest(buildId: number, artifact: { sha256: string; size: number }, agent: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    signing: Signing;
  }
}

export interface SigningPluginOptions {
  /** SIGNING_KEY (PKCS#8 PEM); unset: a key is made once and kept in the settings table. */
  signingKey?: string;
}

export default fp<SigningPluginOptions>(
  async (app, options) => {
    const keys = new KeyStore(app.db, options.signingKey);
    // Made (or listed) on start, as the JWT secret is: the first instance's key is everyone's.
    await keys.current();

    const commitsOf = async (spec: JobSpec) => {
      const commits = new Map<string, string>();
      for (const tag of spec.release?.tags ?? []) {
        const url = tag.url ?? (await findRepositoryByName(app.db, tag.repository_name))?.url;
        if (!url) continue;
        const commit = await app.jobFiles.knownCommit(url, tag.tag_name).catch(() => undefined);
        if (commit) commits.set(`${tag.repository_name}/${tag.tag_name}`, commit);
      }
      return commits;
    };

    app.decorate('signing', {
      keys,
      async attest(buildId, artifact, agent) {
        const build = await findBuild(app.db, buildId);
        if (!build) return;
        const spec = build.job_spec as unknown as JobSpec;
        const key = await keys.current();
        const payload = attestationPayload(
          { build, spec, artifact, agent, commits: await commitsOf(spec), signedAt: new Date() },
          key.keyId,
        );
        const signed = signPayload(payload, key);
        await putAttestation(app.db, build.id, build.run, { sha256: artifact.sha256, ...signed });
      },
    } satisfies Signing);
  },
  { name: 'signing', dependencies: ['db', 'builds'] },
);
