import { Counter, Histogram, type Registry } from 'prom-client';

/** Seconds. Builds take minutes, up to two hours for the largest images. */
export const BUILD_DURATION_BUCKETS = [30, 60, 120, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200];

/** Seconds. Within a minute while agents keep up; hours when none is online. */
export const QUEUE_WAIT_BUCKETS = [1, 5, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14400];

/** A duration fit to observe: prom-client throws on NaN, and the queue must never fail on a metric. */
const seconds = (value: number) => (Number.isFinite(value) ? Math.max(0, value) : 0);

/**
 * Counters and histograms of things as they happen, as against the figures read from the database at
 * scrape time (metrics.ts: queue depth, builds by status, the oldest wait, agents online).
 *
 * With several API instances, each one observes the changes of state it makes itself: the queue's
 * statements (UPDATE … RETURNING, SKIP LOCKED claims, a sweep whose WHERE no longer matches rows another
 * instance took) answer only the rows that statement changed, so every claim, finish and expired lease is
 * counted by exactly one instance, once it committed. Prometheus adds the instances up (`sum(rate(…))`), and
 * `rate` copes with an instance's restart resetting its counters. Computing them from the database at scrape
 * time instead was not chosen: builds are rebuilt, removed and cleaned, so counts of rows go down as well as
 * up and are no counters, and a histogram of durations read at scrape would observe the same builds again on
 * every scrape of every instance. What is lost: an observation of a change whose instance died between the
 * commit and the next line (kill -9), which a rate over minutes does not feel.
 */
// The queue's QueueObserver (server/queue/queue-observer.ts) by its shape: platform/ imports no feature.
export class EventMetrics {
  private readonly duration: Histogram<'status'>;
  private readonly queueWait: Histogram;
  private readonly completed: Counter;
  private readonly failed: Counter;
  private readonly leaseExpiries: Counter;
  private readonly uploadFailures: Counter;

  constructor(registry: Registry) {
    const registers = [registry];
    this.duration = new Histogram({
      name: 'firmware_build_duration_seconds',
      help: 'Time from an agent claiming a build to its agent ending it, by how it ended (done, failed, cancelled).',
      labelNames: ['status'],
      buckets: BUILD_DURATION_BUCKETS,
      registers,
    });
    this.queueWait = new Histogram({
      name: 'firmware_build_queue_wait_seconds',
      help: "Time from a build entering the queue (submit, edit, rebuild, upgrade) to its run's first claim.",
      buckets: QUEUE_WAIT_BUCKETS,
      registers,
    });
    this.completed = new Counter({
      name: 'firmware_builds_completed_total',
      help: 'Builds that ended done (their artifact accepted).',
      registers,
    });
    this.failed = new Counter({
      name: 'firmware_builds_failed_total',
      help: 'Builds that ended failed: their agent said so, or their lease expired on the last attempt.',
      registers,
    });
    this.leaseExpiries = new Counter({
      name: 'firmware_lease_expiries_total',
      help: 'Builds taken back from an agent that stopped answering (lease expired): re-queued, or failed on the last attempt.',
      registers,
    });
    this.uploadFailures = new Counter({
      name: 'firmware_artifact_upload_failures_total',
      help: 'Artifact uploads refused or broken off (checksum or size mismatch, too large, job not held, errors).',
      registers,
    });
    // Registered now so that alerts and dashboards find it: no webhook exists yet, so it stays 0 until
    // webhooks land and their sender counts its failures here.
    new Counter({
      name: 'firmware_webhook_failures_total',
      help: 'Webhook deliveries that failed. Always 0 until the console sends webhooks.',
      registers,
    });
  }

  buildStarted(waitedSeconds: number): void {
    this.queueWait.observe(seconds(waitedSeconds));
  }

  buildEnded(status: 'done' | 'failed' | 'cancelled', ranSeconds: number): void {
    this.duration.observe({ status }, seconds(ranSeconds));
    if (status === 'done') this.completed.inc();
    if (status === 'failed') this.failed.inc();
  }

  leasesExpired(count: number, failed: number): void {
    this.leaseExpiries.inc(count);
    if (failed > 0) this.failed.inc(failed);
  }

  uploadFailed(): void {
    this.uploadFailures.inc();
  }
}
