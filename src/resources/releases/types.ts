// The release shapes of the API (spec §3, §7): contract/'s schemas.
export type {
  Release,
  ReleaseCreate as ReleaseCreateBody,
  ReleaseDescription,
  ReleaseTag,
  ReleaseUpdate as ReleasePatch,
} from '../../../contract/schemas/release-schemas';
export type { RepositoryTags, SeriesRepository } from '../../../contract/schemas/repository-schemas';
