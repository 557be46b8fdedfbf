import { appendServerLine, type BuildEventRow } from '../builds/logs/build-events-repository';
import { queueBuildEndMails } from '../builds/mail/build-mail';
import type { Db } from '../platform/db/client';
import type { BuildEventMessage, BuildEventsBus } from '../tasks/build-events-bus';
import { queueBuildWebhooks } from '../webhooks/webhook-events';
import { syncRuns } from './build-runs';
import { refreshSetCounters } from './jobs-repository';

/** A stored event as WebSocket clients receive it. */
export function toMessage(row: BuildEventRow): BuildEventMessage {
  return row.type === 'progress'
    ? { fw_id: row.build_id, type: 'progress_build', data: Number(row.data), seq: row.id }
    : { fw_id: row.build_id, type: 'log_build', data: row.data, seq: row.id };
}

/** The build a change of state touched, as its statement answers it. */
export interface ChangedJob {
  id: number;
  group_id: number;
  attempt: number;
}

/** One build's change of state: the server's line for its log, and its progress when live clients need it. */
export interface JobChange<J extends ChangedJob = ChangedJob> {
  job: J;
  line: string;
  /** Sent with the line: 0 for a build back in the queue, where it ended for a finished one. */
  progress?: number;
}

/**
 * What every change of a build's state does, written once: `write` changes the builds and answers what it
 * changed; the server's line goes into each build's log, and the mails of builds that ended into the mail
 * outbox (issue 37), in the same transaction; once that committed, the
 * sets' counters are recounted (under the set's lock, see refreshSetCounters) and the lines go live on
 * every instance. Waking the agents' claims is part of the statement that made a build pending (trigger
 * jobs_claimable, migration 0011), so no caller has to remember it.
 */
export async function changeJobs<J extends ChangedJob>(
  db: Db,
  bus: BuildEventsBus,
  write: (tx: Db) => Promise<JobChange<J>[]>,
): Promise<JobChange<J>[]> {
  const { changes, messages } = await db.transaction(async (tx) => {
    const changes = await write(tx);
    const ids = changes.map((change) => change.job.id);
    await syncRuns(tx, ids);
    // Issue 37: the owners' notifications of builds this change ended, committed with the end itself.
    await queueBuildEndMails(tx, ids);
    // Issue 38: and their webhooks.
    await queueBuildWebhooks(tx, ids);
    const messages: BuildEventMessage[] = [];
    for (const { job, line, progress } of changes) {
      const row = await appendServerLine(tx, job.id, job.attempt, line);
      messages.push(toMessage(row));
      if (progress !== undefined)
        messages.push({ fw_id: job.id, type: 'progress_build', data: progress, seq: row.id });
    }
    return { changes, messages };
  });
  if (changes.length === 0) return changes;
  await refreshSetCounters(
    db,
    changes.map((change) => change.job.group_id),
  );
  await bus.publish(messages);
  return changes;
}
