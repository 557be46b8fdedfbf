import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { WebhookEvent } from '../../contract/schemas/webhook-schemas';
import type { Db } from '../platform/db/client';
import { accounts, builds, webhookEndpoints } from '../platform/db/schema';
import { mayBeToldAbout, type ReleaseState } from '../releases/mail/release-mail';
import { findReleaseRow } from '../releases/releases-repository';
import { newMessageId } from './webhook-signature';
import { enqueueDeliveries } from './webhooks-repository';

const BUILD_EVENTS: Record<string, WebhookEvent> = {
  done: 'build.finished',
  failed: 'build.failed',
  cancelled: 'build.cancelled',
};

/** The enabled endpoints of active accounts that want `event`, and whose accounts match `where`. */
function listeners(db: Db, event: WebhookEvent, where = sql`true`) {
  return db
    .select({ id: webhookEndpoints.id, account_id: webhookEndpoints.account_id })
    .from(webhookEndpoints)
    .innerJoin(accounts, eq(accounts.id, webhookEndpoints.account_id))
    .where(
      and(
        eq(webhookEndpoints.enabled, true),
        sql`${webhookEndpoints.events} @> ${JSON.stringify([event])}::jsonb`,
        eq(accounts.is_blocked, false),
        eq(accounts.is_removed, false),
        where,
      ),
    );
}

const envelope = (type: WebhookEvent, data: Record<string, unknown>) => ({
  type,
  timestamp: new Date().toISOString(),
  data,
});

/**
 * Issue 38: queues a delivery to each endpoint of the owner that wants to hear how `buildIds` ended (finished,
 * failed, cancelled). The build queue calls it in the transaction that ends the builds
 * (server/queue/job-changes.ts), beside the e-mails; the event key (build and run) makes a second call queue
 * nothing.
 */
export async function queueBuildWebhooks(db: Db, buildIds: number[]): Promise<void> {
  if (buildIds.length === 0) return;
  const ended = await db
    .select({
      id: builds.id,
      uuid: builds.uuid,
      run: builds.run,
      user_id: builds.user_id,
      status: builds.status,
      name: builds.name,
      group_id: builds.group_id,
      model: builds.model,
      release_version: builds.release_version,
    })
    .from(builds)
    .where(
      and(
        inArray(builds.id, buildIds),
        inArray(builds.status, ['done', 'failed', 'cancelled']),
        eq(builds.is_removed, false),
      ),
    );
  for (const build of ended) {
    const event = BUILD_EVENTS[build.status];
    const endpoints = await listeners(db, event, sql`${webhookEndpoints.account_id} = ${build.user_id}`);
    const { user_id: _owner, ...data } = build;
    await enqueueDeliveries(
      db,
      endpoints.map((endpoint) => ({
        endpoint_id: endpoint.id,
        message_id: newMessageId(),
        event_type: event,
        event_key: `${event}:${build.id}:${build.run}`,
        payload: envelope(event, data),
      })),
    );
  }
}

/**
 * Issue 38: release.published to the endpoints of accounts to which the release (as it now stands) became
 * visible, by the rule the release e-mails follow (mayBeToldAbout). Run it in the transaction that publishes.
 */
export async function queueReleaseWebhooks(db: Db, releaseId: number, before?: ReleaseState): Promise<void> {
  const release = await findReleaseRow(db, releaseId);
  if (!release || release.is_draft || release.is_removed) return;
  const endpoints = await listeners(
    db,
    'release.published',
    and(mayBeToldAbout(release), not(mayBeToldAbout(before))),
  );
  await enqueueDeliveries(
    db,
    endpoints.map((endpoint) => ({
      endpoint_id: endpoint.id,
      message_id: newMessageId(),
      event_type: 'release.published',
      event_key: `release.published:${release.id}`,
      payload: envelope('release.published', {
        id: release.id,
        series: release.series,
        version: release.version,
        stage: release.stage,
      }),
    })),
  );
}
