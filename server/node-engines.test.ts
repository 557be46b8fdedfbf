// Issue 43 §2.8: `npm install` warned EBADENGINE (cookie@2 and content-disposition@3 want Node 22) while the
// README and package.json said Node 20.19. What we state must be what every installed package accepts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fromRoot } from './paths';

// semver comes with npm's and others' dependencies; its few calls are typed here.
const semver = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

const json = (file: string) => JSON.parse(readFileSync(fromRoot(file), 'utf8'));

describe('the Node.js version we state', () => {
  const stated: string = json('package.json').engines.node;
  const minimum = semver.minVersion(stated)?.version ?? '';

  it('is the one the README states', () => {
    const readme = readFileSync(fromRoot('README.md'), 'utf8');
    const [major, minor] = minimum.split('.');
    expect(readme).toContain(`Node.js ${major}.${minor} or newer`);
  });

  it('is accepted by every package package-lock.json installs', () => {
    const lock = json('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[]; dev?: boolean; optional?: boolean }>;
    };
    const refusing = Object.entries(lock.packages)
      .filter(([, p]) => p.engines && !Array.isArray(p.engines) && typeof p.engines.node === 'string')
      .filter(([, p]) => !semver.satisfies(minimum, (p.engines as { node: string }).node))
      .map(
        ([name, p]) =>
          `${name.replace(/^.*node_modules\//, '')} wants node ${(p.engines as { node: string }).node}`,
      );
    expect(refusing).toEqual([]);
  });
});
