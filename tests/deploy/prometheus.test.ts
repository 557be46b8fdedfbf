// deploy/prometheus/alerts.yml checked and unit-tested by Prometheus's own promtool (issue 43 §5), as an
// operator's `promtool check rules` would before loading it. Debian's `prometheus` package brings promtool;
// .ci/run installs it. That every metric the rules and the Grafana dashboard name is served:
// server/platform/health/metric-names.test.ts.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(import.meta.dirname, '../../deploy/prometheus');
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;
if (!hasPromtool)
  console.warn('tests/deploy/prometheus.test.ts skipped: no promtool (apt-get install prometheus)');

const promtool = (args: string[], cwd = dir) => {
  const run = spawnSync('promtool', args, { cwd, encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

describe.skipIf(!hasPromtool)('deploy/prometheus/alerts.yml under promtool', () => {
  it('passes promtool check rules', () => {
    const run = promtool(['check', 'rules', 'alerts.yml']);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('passes its unit tests (alerts.test.yml)', () => {
    const run = promtool(['test', 'rules', 'alerts.test.yml']);
    expect(run.status, run.output).toBe(0);
  });

  it('has tests that notice a broken rule', () => {
    // The same tests against a rule that can never fire: they must fail, or they test nothing.
    const scratch = mkdtempSync(path.join(tmpdir(), 'alerts-'));
    try {
      const rules = readFileSync(path.join(dir, 'alerts.yml'), 'utf8');
      const broken = rules.replace('max(firmware_agents_online) == 0', 'max(firmware_agents_online) < 0');
      expect(broken).not.toBe(rules);
      writeFileSync(path.join(scratch, 'alerts.yml'), broken);
      copyFileSync(path.join(dir, 'alerts.test.yml'), path.join(scratch, 'alerts.test.yml'));
      const run = promtool(['test', 'rules', 'alerts.test.yml'], scratch);
      expect(run.status, run.output).not.toBe(0);
      expect(run.output).toContain('alertname: NoAgentsOnline');
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
