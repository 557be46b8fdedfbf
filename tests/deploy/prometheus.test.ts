// deploy/prometheus/alerts.yml checked and unit-tested by Prometheus's own promtool (issue 43 §5), as an
// operator's `promtool check rules` would before loading it. Debian's `prometheus` package brings promtool;
// .ci/run installs it. That every metric the rules and the Grafana dashboard name is served:
// server/platform/health/metric-names.test.ts.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../server/test/helper';

const dir = path.resolve(import.meta.dirname, '../../deploy/prometheus');
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;
if (!hasPromtool)
  console.warn('tests/deploy/prometheus.test.ts skipped: no promtool (apt-get install prometheus)');

const promtool = (args: string[], cwd = dir, input?: string) => {
  const run = spawnSync('promtool', args, { cwd, encoding: 'utf8', input });
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

describe.skipIf(!hasPromtool)('deploy/grafana/console.json and the served metrics under promtool', () => {
  it("has queries Prometheus parses (each checked as a recording rule's expression)", () => {
    const dashboard = JSON.parse(readFileSync(path.join(dir, '../grafana/console.json'), 'utf8'));
    const exprs: string[] = dashboard.panels.flatMap((panel: { targets?: { expr: string }[] }) =>
      (panel.targets ?? []).map((target) => target.expr),
    );
    expect(exprs.length).toBeGreaterThan(10);
    const scratch = mkdtempSync(path.join(tmpdir(), 'dashboard-'));
    try {
      const rules = exprs.map(
        (expr, i) => `      - record: panel_query_${i}\n        expr: ${JSON.stringify(expr)}`,
      );
      writeFileSync(
        path.join(scratch, 'queries.yml'),
        `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`,
      );
      const run = promtool(['check', 'rules', 'queries.yml'], scratch);
      expect(run.status, run.output).toBe(0);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  describe('GET /api/metrics', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    it('passes promtool check metrics (names, types, units)', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
      expect(res.statusCode).toBe(200);
      const run = promtool(['check', 'metrics'], dir, res.body);
      // Lint problems of prom-client's own process metrics are not ours to fix; ours must have none.
      const ours = run.output.split('\n').filter((line) => /^firmware_/.test(line));
      expect(ours, run.output).toEqual([]);
    });
  });
});
