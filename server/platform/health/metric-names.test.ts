import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fromRoot } from '../../paths';
import { createTestApp } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

// Issue 43 §5: the alerts (deploy/prometheus/alerts.yml, and the series of their tests) and the Grafana
// dashboard (deploy/grafana/console.json) name only metrics GET /api/metrics serves. A renamed metric would
// leave an alert that never fires and a panel that stays empty, with no error anywhere.
const t = sharedWorld(() => createTestApp());

const FILES = [
  'deploy/prometheus/alerts.yml',
  'deploy/prometheus/alerts.test.yml',
  'deploy/grafana/console.json',
];

/** The metric names a file mentions: ours (firmware_…) and the request, process and Node.js ones. */
function namesIn(file: string): Set<string> {
  const text = readFileSync(fromRoot(file), 'utf8');
  return new Set(text.match(/\b(?:firmware|http|process|nodejs)_[a-z0-9_]+\b/g) ?? []);
}

/** What the served metrics declare (`# TYPE <name> <type>`): a histogram serves _bucket, _sum and _count. */
async function served(): Promise<Set<string>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
  expect(res.statusCode).toBe(200);
  const names = new Set<string>();
  for (const [, name, type] of res.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${name}${suffix}`);
  }
  return names;
}

describe('metric names in deploy/', () => {
  it.each(FILES)('%s names only served metrics', async (file) => {
    const used = namesIn(file);
    expect(used.size).toBeGreaterThan(3);
    const available = await served();
    expect([...used].filter((name) => !available.has(name))).toEqual([]);
  });

  it('the alerts use each metric issue 43 asked for', () => {
    const used = namesIn('deploy/prometheus/alerts.yml');
    for (const name of [
      'firmware_build_queue_wait_seconds_bucket',
      'firmware_builds_failed_total',
      'firmware_builds_completed_total',
      'firmware_agents_online',
      'firmware_database_up',
      'firmware_mail_failures_total',
    ])
      expect(used).toContain(name);
  });
});
