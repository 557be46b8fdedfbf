import { describe, expect, it } from 'vitest';
import { buildEnvironment, parseBuildEnv } from './build-env';

const JOB = { OUTPUT_DIR: '/out', SOURCES_DIR: '/src', JOB_ID: '7', JOB_UUID: 'u', JOB_ATTEMPT: '1' };

describe('build environment', () => {
  it('reads BUILD_ENV as distinct variable names and refuses anything else', () => {
    expect(parseBuildEnv(' CCACHE_DIR, MAKEFLAGS ,,CCACHE_DIR')).toEqual(['CCACHE_DIR', 'MAKEFLAGS']);
    expect(parseBuildEnv(undefined)).toEqual([]);
    expect(() => parseBuildEnv('GOOD, not-a-name')).toThrow('not-a-name');
  });

  it("passes the system variables, the named ones and the job's, never the rest or the worker token", () => {
    const source = { PATH: '/bin', DATABASE_URL: 'postgres://secret', MAKEFLAGS: '-j2', AGENT_TOKEN: 't' };
    expect(buildEnvironment(source, ['MAKEFLAGS', 'AGENT_TOKEN'], JOB)).toEqual({
      PATH: '/bin',
      MAKEFLAGS: '-j2',
      ...JOB,
    });
  });

  it("lets the job's variables win over the environment's", () => {
    expect(buildEnvironment({ OUTPUT_DIR: '/elsewhere' }, ['OUTPUT_DIR'], JOB).OUTPUT_DIR).toBe('/out');
  });
});
