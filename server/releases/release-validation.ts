import { DEFAULT_LANGUAGE, HIDDEN_SERIES } from '../../contract/constants';
import { englishText } from '../../contract/english';
import { validation } from '../../contract/messages';
import { releaseVersionIssue } from '../../contract/rules/releases';
import type { ReleaseDescription, ReleaseTag } from '../../contract/schemas/release-schemas';
import { knownLanguages } from '../catalogue/languages-repository';
import type { Db } from '../platform/db/client';
import { ValidationFailedError } from '../platform/http/validation-errors';
import type { RemoteRefs } from './git/ls-remote';
import { RepositoryUnreachableError } from './git/ls-remote';
import { refsCache } from './git/refs-cache';
import { unreachable } from './git/repository-url';
import {
  findReleaseRow,
  type ReleaseRow,
  seriesExists,
  type Viewer,
  versionHolder,
} from './releases-repository';
import { type RepositoryRow, repositoriesOfSeries } from './repositories-repository';

/** Semantic checks of release writes (spec §5); each returns every problem it finds, located in the body. */

export interface Issue {
  loc: (string | number)[];
  msg: string;
}

export const VERSION_MAX_LENGTH = 64;

export const VERSION_EXISTS = 'Version already exists for this series and stage';
export const NO_CHANGES = englishText(validation('no_changes'));

export function throwIfAny(issues: Issue[]): void {
  if (issues.length > 0) throw new ValidationFailedError(issues);
}

export async function seriesIssues(db: Db, series: string, viewer: Viewer): Promise<Issue[]> {
  const loc = ['body', 'series'];
  if (!(await seriesExists(db, series))) return [{ loc, msg: `Unknown series ${series}` }];
  if (!viewer.is_admin && (HIDDEN_SERIES as readonly string[]).includes(series)) {
    return [{ loc, msg: `Series ${series} is for admins only` }];
  }
  return [];
}

/** Format first (a semantic version agreeing with the stage, contract/rules/releases.ts); the uniqueness query only for a well-formed version. */
export async function versionIssues(
  db: Db,
  key: { series: string; stage: ReleaseRow['stage']; version: string },
  exceptId?: number,
): Promise<Issue[]> {
  const loc = ['body', 'version'];
  const { version } = key;
  if (version.trim() === '') return [{ loc, msg: 'Version is required' }];
  if (version.length > VERSION_MAX_LENGTH) return [{ loc, msg: `Maximum ${VERSION_MAX_LENGTH} characters` }];
  const format = releaseVersionIssue(version, key.stage);
  if (format) return [{ loc, msg: englishText(format) }];
  if ((await versionHolder(db, key, exceptId)) !== undefined) return [{ loc, msg: VERSION_EXISTS }];
  return [];
}

export async function parentIssues(
  db: Db,
  parent: number | null | undefined,
  series: string,
  selfId?: number,
): Promise<Issue[]> {
  if (parent === null || parent === undefined) return [];
  const row = await findReleaseRow(db, parent);
  if (row && !row.is_removed && row.series === series && row.id !== selfId) return [];
  return [{ loc: ['body', 'parent'], msg: `Parent must be another release of series ${series}` }];
}

async function refsOf(repository: RepositoryRow): Promise<RemoteRefs | RepositoryUnreachableError> {
  try {
    return await refsCache.get(repository.url);
  } catch (error) {
    if (error instanceof RepositoryUnreachableError) return error;
    throw error;
  }
}

/**
 * One tag (or branch) per repository mapped to the series, each existing in its repository right now. The
 * repositories are asked in parallel, each for at most the cache's timeout, so this never hangs.
 */
export async function tagsIssues(db: Db, series: string, tags: ReleaseTag[]): Promise<Issue[]> {
  const mapped = await repositoriesOfSeries(db, series);
  if (mapped.length === 0) {
    return [{ loc: ['body', 'tags'], msg: `No repositories are mapped to series ${series}` }];
  }
  const byName = new Map(mapped.map((repository) => [repository.name, repository]));
  const issues: Issue[] = [];
  const named = new Set<string>();
  const toCheck: { index: number; tag: string; repository: RepositoryRow }[] = [];
  tags.forEach(({ repository_name, tag_name }, index) => {
    const loc = ['body', 'tags', index, 'tag_name'];
    const repository = byName.get(repository_name);
    if (!repository) {
      issues.push({ loc, msg: `Repository ${repository_name} is not a source of series ${series}` });
    } else if (named.has(repository_name)) {
      issues.push({ loc, msg: `Repository ${repository_name} is listed twice` });
    } else {
      named.add(repository_name);
      if (tag_name.trim() === '') issues.push({ loc, msg: `Choose a tag for ${repository_name}` });
      else toCheck.push({ index, tag: tag_name, repository });
    }
  });
  const missing = mapped.filter((repository) => !named.has(repository.name)).map((r) => r.name);
  if (missing.length > 0) {
    issues.push({ loc: ['body', 'tags'], msg: `A tag for ${missing.join(', ')} is required` });
  }

  const answers = await Promise.all(toCheck.map(({ repository }) => refsOf(repository)));
  toCheck.forEach(({ index, tag, repository }, i) => {
    const refs = answers[i];
    if (refs instanceof RepositoryUnreachableError) {
      issues.push({ loc: ['body', 'tags'], msg: unreachable(repository, refs) });
    } else if (!refs.tags.includes(tag) && !refs.branches.includes(tag)) {
      issues.push({
        loc: ['body', 'tags', index, 'tag_name'],
        msg: `Tag ${tag} not found in ${repository.name}`,
      });
    }
  });
  return issues;
}

/**
 * Known languages, each at most once. `requireDefault`: the default language must be there and not blank
 * (a new release); otherwise it may be left out but never blanked (an update).
 */
export async function descriptionsIssues(
  db: Db,
  descriptions: ReleaseDescription[],
  requireDefault: boolean,
): Promise<Issue[]> {
  const known = await knownLanguages(
    db,
    descriptions.map((d) => d.language),
  );
  const issues: Issue[] = [];
  const seen = new Set<string>();
  descriptions.forEach(({ language }, index) => {
    const loc = ['body', 'descriptions', index, 'language'];
    if (!known.has(language)) issues.push({ loc, msg: `Unknown language ${language}` });
    else if (seen.has(language)) issues.push({ loc, msg: `Language ${language} is listed twice` });
    seen.add(language);
  });
  const main = descriptions.find((d) => d.language === DEFAULT_LANGUAGE);
  const blank = main !== undefined && main.description.trim() === '';
  if (blank || (requireDefault && !main)) {
    issues.push({ loc: ['body', 'descriptions'], msg: `Description for ${DEFAULT_LANGUAGE} is required` });
  }
  return issues;
}
