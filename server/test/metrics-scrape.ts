// Reading GET /api/metrics as Prometheus would: its samples by full name, labels in a stable order.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * A sample's name with its labels, `le` last: the order of labels means nothing in the exposition format,
 * and prom-client writes a bucket's `le` first.
 */
export function sampleKey(name: string): string {
  const match = /^([^{]+)\{(.*)\}$/.exec(name);
  if (!match) return name;
  const labels = match[2].split(/,(?=[a-z_]+=")/);
  const le = labels.filter((label) => label.startsWith('le='));
  return `${match[1]}{${[...labels.filter((label) => !label.startsWith('le=')), ...le].join(',')}}`;
}

/** The samples of a scrape, by their full name with labels, e.g. `firmware_builds{status="pending"}`. */
export async function scrapeMetrics(
  app: FastifyInstance,
  headers: Record<string, string> = {},
): Promise<Map<string, number>> {
  const res = await app.inject({ method: 'GET', url: '/api/metrics', headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const samples = new Map<string, number>();
  for (const line of res.body.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const at = line.lastIndexOf(' ');
    samples.set(sampleKey(line.slice(0, at)), Number(line.slice(at + 1)));
  }
  return samples;
}

/** A sample's value, or with a bare `name` the sum over all its labels, as PromQL's `sum(name)` (0 if none). */
const total = (samples: Map<string, number>, name: string): number =>
  name.includes('{')
    ? (samples.get(name) ?? 0)
    : [...samples].reduce(
        (sum, [key, value]) => (key === name || key.startsWith(`${name}{`) ? sum + value : sum),
        0,
      );

/** How much a sample (or a metric over all its labels) grew from one scrape to the next. */
export const moved = (before: Map<string, number>, after: Map<string, number>, name: string): number =>
  total(after, name) - total(before, name);
