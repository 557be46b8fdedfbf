import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { Redactor, secretsOf, secretsOfEnvironment } from '../contract/redact';
import { AgentApi, AgentApiError, isUnreachable, type RetryPolicy } from './api-client';
import { BUILD_PROGRESS_MAX, type Builder } from './builders/builder';
import { defaultBuilder } from './builders/default-builder';
import { DEFAULT_REPORTER_OPTIONS, EventReporter, type ReporterOptions } from './event-reporter';
import type { ClaimedJob, DeployedRelease } from './protocol';
import { SourceCache } from './source-cache';

export interface AgentLogger {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
}

export interface AgentOptions {
  server: string;
  token: string;
  /** Sources cache and per-run folders. */
  workDir: string;
  builder?: Builder;
  heartbeatMs?: number;
  /** Longest wait before trying again after the server was unreachable or refused the token. */
  maxBackoffMs?: number;
  reporter?: Partial<ReporterOptions>;
  retry?: RetryPolicy;
  logger?: AgentLogger;
  /**
   * More values no build log may show, besides the token and this process's secret-named variables: the
   * embedded agent's console passes its own settings (JWT secret, database and SMTP urls, passwords).
   */
  secrets?: string[];
}

const consoleLogger: AgentLogger = {
  info: (m) => console.log(`${new Date().toISOString()} ${m}`),
  warn: (m) => console.warn(`${new Date().toISOString()} WARN ${m}`),
  error: (m) => console.error(`${new Date().toISOString()} ERROR ${m}`),
};

/**
 * A build's calls retry for about a minute (the default gives up after ~8 s): a console that restarts or
 * loses its database for a while must not fail the builds under way. A job that really is gone answers 409.
 */
const JOB_RETRY: RetryPolicy = { attempts: 15, firstDelayMs: 250, maxDelayMs: 5_000 };

class JobStopped extends Error {
  constructor(readonly reason: 'cancelled' | 'lost') {
    super(reason === 'cancelled' ? 'Build cancelled' : 'The job is no longer this agent’s');
  }
}

/**
 * A build agent: `run()` loops claim → build → report until `stop()`; a heartbeat goes every 10 s on the
 * side and reports the release sources held. `notify()` cuts a back-off wait short.
 */
export class Agent {
  readonly api: AgentApi;
  /** The calls of a build under way: they ride out a console restart or a database outage (JOB_RETRY). */
  private readonly jobApi: AgentApi;
  private readonly sources: SourceCache;
  private readonly builder: Builder;
  private readonly log: AgentLogger;
  /** What every job's log lines are cleaned of, the job's own secrets and uuid added. */
  private readonly secrets: string[];
  private stopping = false;
  private loop: Promise<void> | undefined;
  private claimAbort: AbortController | undefined;
  private buildAbort: AbortController | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private deployed: DeployedRelease[] = [];
  private prefetching = false;
  /** The job being built, if any. */
  current: ClaimedJob | undefined;

  constructor(private readonly options: AgentOptions) {
    this.api = new AgentApi(options.server, options.token, options.retry);
    this.jobApi = new AgentApi(options.server, options.token, options.retry ?? JOB_RETRY);
    this.sources = new SourceCache(options.workDir);
    this.builder = options.builder ?? defaultBuilder;
    this.log = options.logger ?? consoleLogger;
    this.secrets = [options.token, ...secretsOfEnvironment(process.env), ...(options.secrets ?? [])];
  }

  run(): Promise<void> {
    this.loop ??= this.runLoop();
    return this.loop;
  }

  notify(): void {
    this.wake?.();
  }

  /** Stops claiming and waits for the loop to end; the build under way finishes unless `abortBuild`. */
  async stop(options: { abortBuild?: boolean } = {}): Promise<void> {
    this.stopping = true;
    clearTimeout(this.heartbeatTimer);
    this.claimAbort?.abort();
    if (options.abortBuild) this.buildAbort?.abort(new JobStopped('lost'));
    this.notify();
    await this.loop;
  }

  private async runLoop(): Promise<void> {
    await mkdir(this.options.workDir, { recursive: true });
    await this.heartbeat();
    let backoff = 500;
    while (!this.stopping) {
      try {
        this.claimAbort = new AbortController();
        const job = await this.api.claim(this.claimAbort.signal);
        backoff = 500;
        if (job) await this.process(job);
      } catch (error) {
        if (this.stopping) break;
        const refused = error instanceof AgentApiError && error.refused;
        this.log.warn(
          refused
            ? `The server refused the worker token: ${error.message}`
            : `Claim failed: ${describe(error)}`,
        );
        await this.pause(backoff);
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 30_000);
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async heartbeat(): Promise<void> {
    clearTimeout(this.heartbeatTimer);
    try {
      const [sources, releases] = await Promise.all([
        this.sources.holdings(),
        this.sources.releasesHeld(this.deployed),
      ]);
      const jobs = this.current ? [this.current.id] : [];
      const answer = await this.api.heartbeat({ releases, sources, jobs });
      this.deployed = answer.deployed ?? [];
      void this.prefetch();
    } catch (error) {
      this.log.warn(`Heartbeat failed: ${describe(error)}`);
    }
    if (!this.stopping)
      this.heartbeatTimer = setTimeout(() => void this.heartbeat(), this.options.heartbeatMs ?? 10_000);
  }

  /** Fetches the sources of deployed releases ahead of their builds, one at a time. */
  private async prefetch(): Promise<void> {
    if (this.prefetching) return;
    this.prefetching = true;
    try {
      for (const release of this.deployed) {
        for (const { repository, tag } of release.tags) {
          if (this.stopping) return;
          await this.sources.ensure(this.api, repository, tag).catch((error) => {
            this.log.warn(`Could not fetch ${repository} at ${tag}: ${describe(error)}`);
          });
        }
      }
    } finally {
      this.prefetching = false;
    }
  }

  private async process(job: ClaimedJob): Promise<void> {
    this.current = job;
    this.log.info(`Claimed job ${job.id} (${job.uuid}), attempt ${job.attempt}`);
    const abort = new AbortController();
    this.buildAbort = abort;
    // The uuid too: it is the download capability of the artifact, and other roles read build logs.
    const redactor = new Redactor([...this.secrets, ...secretsOf(job.spec)], [job.uuid]);
    const reporter = new EventReporter(
      this.jobApi,
      job,
      redactor,
      (reason) => abort.abort(new JobStopped(reason)),
      { ...DEFAULT_REPORTER_OPTIONS, ...this.options.reporter },
    );
    await mkdir(path.join(this.options.workDir, 'runs'), { recursive: true });
    const runDir = await mkdtemp(path.join(this.options.workDir, 'runs', `${job.uuid}-${job.attempt}-`));
    try {
      const result = await this.builder({
        job,
        api: this.jobApi,
        sources: this.sources,
        workDir: runDir,
        log: (line) => reporter.log(line),
        progress: (p) => reporter.progress(Math.min(BUILD_PROGRESS_MAX, p)),
        signal: abort.signal,
      });
      abort.signal.throwIfAborted();
      reporter.log(`Uploading ${result.size} bytes`);
      reporter.progress(BUILD_PROGRESS_MAX);
      await this.jobApi.uploadArtifact(job.id, result.file, result.sha256, result.size);
      reporter.log('Upload verified by the server');
      await reporter.close();
      abort.signal.throwIfAborted();
      try {
        await this.jobApi.finish(job.id, { status: 'done', sha256: result.sha256, size: result.size });
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        // Built and uploaded; only the word "done" did not get through. Reporting the build failed would be
        // wrong: the job is left to its lease, and when that expires the server queues it again.
        this.log.warn(
          `Job ${job.id} built and uploaded, but its end could not be reported (${describe(error)}); ` +
            'the server queues it again when its lease expires',
        );
        return;
      }
      this.log.info(`Job ${job.id} done`);
    } catch (error) {
      await this.failed(job, error, abort.signal, reporter, redactor);
    } finally {
      this.current = undefined;
      this.buildAbort = undefined;
      await rm(runDir, { recursive: true, force: true });
    }
  }

  private async failed(
    job: ClaimedJob,
    error: unknown,
    signal: AbortSignal,
    reporter: EventReporter,
    redactor: Redactor,
  ): Promise<void> {
    const stopped = signal.aborted ? (signal.reason as JobStopped) : undefined;
    if (stopped?.reason === 'lost' || (error instanceof AgentApiError && error.jobLost)) {
      await reporter.close();
      this.log.warn(`Job ${job.id} dropped: ${describe(error)}`);
      return;
    }
    const reason = redactor.line(stopped ? stopped.message : describe(error));
    if (!stopped) reporter.log(`Build failed: ${reason}`);
    await reporter.close();
    try {
      await this.jobApi.finish(job.id, { status: 'failed', reason });
      this.log.info(`Job ${job.id} ${stopped ? 'cancelled' : `failed: ${reason}`}`);
    } catch (finishError) {
      this.log.error(`Could not report job ${job.id}: ${describe(finishError)}`);
    }
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.message}${cause}`;
  }
  return String(error);
}
