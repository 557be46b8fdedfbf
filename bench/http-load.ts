/** A small closed-loop HTTP load generator: `concurrency` clients each send requests back to back. */
export interface LoadResult {
  requests: number;
  errors: number;
  /** What the failed requests got: a status code, or the network error's name, with how many times. */
  failures: Record<string, number>;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

/** Throws, naming what they got, when any of `results`' requests of `label` failed: a bench measures successes. */
export function throwOnFailures(label: string, results: LoadResult[]): void {
  const errors = results.reduce((n, r) => n + r.errors, 0);
  if (errors === 0) return;
  const why = results.flatMap((r) => Object.entries(r.failures).map(([what, n]) => `${what} ×${n}`));
  throw new Error(`${label}: ${errors} failed requests (${why.join(', ')})`);
}

export async function load(
  url: string,
  init: RequestInit,
  { concurrency = 8, seconds = 3 }: { concurrency?: number; seconds?: number } = {},
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const failures: Record<string, number> = {};
  const failed = (what: string) => {
    errors++;
    failures[what] = (failures[what] ?? 0) + 1;
  };
  const started = performance.now();
  const until = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await fetch(url, init).catch((error: unknown) => {
        failed(error instanceof Error ? ((error.cause as Error | undefined)?.name ?? error.name) : 'error');
        return undefined;
      });
      if (res && !res.ok) failed(String(res.status));
      await res?.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    failures,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
