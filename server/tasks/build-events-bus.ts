import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type pg from 'pg';
import type { DbHandle } from '../platform/db/client';

/** What WebSocket clients receive (spec §7): a build's progress or one of its log lines. */
export interface BuildEventMessage {
  fw_id: number;
  type: 'progress_build' | 'log_build';
  data: number | string;
  /** The event's place in the build's log (build_events.id): the log dialog drops what it already has. */
  seq: number;
}

const EVENTS_CHANNEL = 'build_events';
// Sent by the database itself (trigger jobs_claimable, migration 0011) when a build becomes claimable.
const JOBS_CHANNEL = 'build_jobs';
// Sent by the database itself (trigger accounts_changed, migration 0006) with the account's id.
const ACCOUNTS_CHANNEL = 'accounts_changed';
// Sent by the database itself (trigger catalogue_changed, migration 0018) with the changed table's name.
const CATALOGUE_CHANNEL = 'catalogue_changed';
// Sent by the database itself (trigger task_counts_changed, migration 0021) when the task counters may change.
const TASK_COUNTS_CHANNEL = 'task_counts_changed';
// NOTIFY payloads are limited to 8000 bytes; log lines are stored clipped to 2000 characters.
const MAX_PAYLOAD = 7900;

interface Wire {
  /** The publishing instance: it already delivered the message itself. */
  i: string;
  m: BuildEventMessage;
}

type Logger = { warn: (obj: object, msg: string) => void };

/**
 * Build events for this process, and — on PostgreSQL — for every API instance: published in-process at once
 * and sent with NOTIFY; each instance LISTENs on one dedicated connection and re-emits what other instances
 * sent. PGlite is one process, so in-process is all there is. Also relays the database's own notices (on
 * PGlite too): builds that became claimable, for the waiting claims, and changed accounts and catalogue, for
 * the account, catalogue and task counter caches.
 */
export class BuildEventsBus {
  private readonly emitter = new EventEmitter();
  private readonly instance = randomBytes(6).toString('hex');
  private listener: pg.PoolClient | undefined;
  private unlistenPglite: (() => Promise<void>) | undefined;
  private closed = false;
  private reconnecting = false;

  constructor(
    private readonly handle: DbHandle,
    private readonly log?: Logger,
  ) {
    // One listener per WebSocket server and one per waiting claim: there can be many.
    this.emitter.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (this.handle.kind === 'pglite') {
      // PGlite delivers a notification before the write that caused it returns.
      const unlisten: (() => Promise<void>)[] = [];
      for (const channel of [ACCOUNTS_CHANNEL, JOBS_CHANNEL, CATALOGUE_CHANNEL, TASK_COUNTS_CHANNEL])
        unlisten.push(await this.handle.client.listen(channel, (payload) => this.received(channel, payload)));
      this.unlistenPglite = async () => {
        for (const off of unlisten) await off();
      };
      return;
    }
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.handle.kind !== 'pg' || this.closed) return;
    let client: pg.PoolClient | undefined;
    try {
      client = await this.handle.client.connect();
      const connected = client;
      connected.on('notification', (note) => this.received(note.channel, note.payload));
      // Set before the LISTENs: a connection lost while they run is handled once, by `lost`.
      this.listener = connected;
      connected.on('error', (error) => this.lost(connected, error));
      await connected.query(`listen ${EVENTS_CHANNEL}`);
      await connected.query(`listen ${JOBS_CHANNEL}`);
      await connected.query(`listen ${ACCOUNTS_CHANNEL}`);
      await connected.query(`listen ${CATALOGUE_CHANNEL}`);
      await connected.query(`listen ${TASK_COUNTS_CHANNEL}`);
      if (this.closed) return;
      if (this.reconnecting) {
        this.reconnecting = false;
        this.log?.warn({}, 'LISTEN connection restored');
        // Wake-ups sent while we were deaf are lost: waiting claims look again now rather than at their poll,
        // and any account may have changed meanwhile.
        this.emitter.emit('jobs');
        this.emitter.emit('account');
        this.emitter.emit('catalogue');
        this.emitter.emit('taskCounts');
      }
    } catch (error) {
      if (client) {
        // Lost while LISTENing: `lost` has released it and retries.
        if (this.listener !== client) return;
        this.listener = undefined;
        client.release(error as Error);
      }
      if (this.closed) return;
      this.reconnecting = true;
      this.log?.warn({ err: error }, 'LISTEN failed; retrying');
      setTimeout(() => void this.listen(), 1000).unref();
    }
  }

  private lost(client: pg.PoolClient, error: Error): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    client.release(error);
    if (this.closed) return;
    this.reconnecting = true;
    this.log?.warn({ err: error }, 'LISTEN connection lost; reconnecting');
    // Jobs queued while we were deaf are found by the claims' polling; events are only live data.
    setTimeout(() => void this.listen(), 500).unref();
  }

  private received(channel: string, payload?: string): void {
    if (channel === ACCOUNTS_CHANNEL) {
      const id = Number(payload);
      this.emitter.emit('account', Number.isSafeInteger(id) ? id : undefined);
      return;
    }
    if (channel === CATALOGUE_CHANNEL) {
      this.emitter.emit('catalogue');
      return;
    }
    if (channel === TASK_COUNTS_CHANNEL) {
      this.emitter.emit('taskCounts');
      return;
    }
    if (channel === JOBS_CHANNEL) {
      this.emitter.emit('jobs');
      return;
    }
    try {
      const wire = JSON.parse(payload ?? '') as Wire;
      if (wire.i !== this.instance) this.emitter.emit('event', wire.m);
    } catch {
      // not ours
    }
  }

  /** Delivers to this instance's subscribers now and to the other instances through NOTIFY. */
  async publish(messages: BuildEventMessage[]): Promise<void> {
    if (messages.length === 0) return;
    for (const message of messages) this.emitter.emit('event', message);
    if (this.handle.kind !== 'pg') return;
    const payloads = messages
      .map((m) => JSON.stringify({ i: this.instance, m } satisfies Wire))
      .filter((p) => Buffer.byteLength(p) <= MAX_PAYLOAD);
    await this.handle.client
      .query(`select pg_notify('${EVENTS_CHANNEL}', p) from unnest($1::text[]) as p`, [payloads])
      .catch((error) => this.log?.warn({ err: error }, 'NOTIFY failed'));
  }

  onEvent(listener: (message: BuildEventMessage) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }

  /** Builds became claimable (the database said so), or may have (the LISTEN connection was lost meanwhile). */
  onJobs(listener: () => void): () => void {
    this.emitter.on('jobs', listener);
    return () => this.emitter.off('jobs', listener);
  }

  /** An account changed (its id), or any may have (no id: the LISTEN connection was lost meanwhile). */
  onAccountChanged(listener: (id?: number) => void): () => void {
    this.emitter.on('account', listener);
    return () => this.emitter.off('account', listener);
  }

  /** The catalogue changed (the database said so), or may have (the LISTEN connection was lost meanwhile). */
  onCatalogueChanged(listener: () => void): () => void {
    this.emitter.on('catalogue', listener);
    return () => this.emitter.off('catalogue', listener);
  }

  /** The task counters may have changed (the database said so, or the LISTEN connection was lost meanwhile). */
  onTaskCountsChanged(listener: () => void): () => void {
    this.emitter.on('taskCounts', listener);
    return () => this.emitter.off('taskCounts', listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.unlistenPglite?.().catch(() => undefined);
    const client = this.listener;
    this.listener = undefined;
    if (!client) return;
    await client.query(`unlisten *`).catch(() => undefined);
    client.release();
  }
}
