import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { releases, releaseTags } from '../platform/db/schema';

export interface DeployedRelease {
  id: number;
  tags: { repository: string; tag: string }[];
}

/** Releases an admin deployed (newest first, at most `limit`): agents fetch their sources ahead of builds. */
export async function deployedReleases(db: Db, limit = 50): Promise<DeployedRelease[]> {
  const rows = await db
    .select({ id: releases.id })
    .from(releases)
    .where(and(isNotNull(releases.deploy_requested_at), eq(releases.is_removed, false)))
    .orderBy(desc(releases.deploy_requested_at))
    .limit(limit);
  if (rows.length === 0) return [];
  const tags = await db
    .select()
    .from(releaseTags)
    .where(
      inArray(
        releaseTags.release_id,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(releaseTags.repository_name));
  return rows.map(({ id }) => ({
    id,
    tags: tags
      .filter((tag) => tag.release_id === id)
      .map((tag) => ({ repository: tag.repository_name, tag: tag.tag_name })),
  }));
}

/** Whether some release names `tag` of `repository`: only those sources are served to agents. */
export async function isReleaseTag(db: Db, repository: string, tag: string): Promise<boolean> {
  const [row] = await db
    .select({ id: releaseTags.release_id })
    .from(releaseTags)
    .where(and(eq(releaseTags.repository_name, repository), eq(releaseTags.tag_name, tag)))
    .limit(1);
  return row !== undefined;
}
