// The release shapes of the API (spec §3, §7), as the server sends them.
import type { RaRecord } from 'react-admin';
import type { ReleaseStage } from '../../../contract/statuses';

export interface ReleaseTag {
  repository_name: string;
  tag_name: string;
}

export interface ReleaseDescription {
  language: string;
  description: string;
}

export interface Release extends RaRecord {
  id: number;
  series: string;
  version: string;
  stage: ReleaseStage;
  stage_number: number;
  parent: number | null;
  tags: ReleaseTag[];
  is_draft: boolean;
  is_public: boolean;
  is_removed: boolean;
  user_id: number | null;
  descriptions: ReleaseDescription[];
  created_at: string;
  deploy_requested_at: string | null;
}

/** POST /admin/releases. */
export interface ReleaseCreateBody {
  series: string;
  version: string;
  stage: ReleaseStage;
  stage_number: number;
  parent: number | null;
  tags: ReleaseTag[];
  descriptions: ReleaseDescription[];
  is_draft: boolean;
  is_public: boolean;
}

/** PATCH /admin/releases/{id}: the fields that changed, and redeploy. */
export type ReleasePatch = Partial<
  Pick<ReleaseCreateBody, 'parent' | 'version' | 'stage' | 'stage_number' | 'tags' | 'is_draft' | 'is_public'>
> & { redeploy?: boolean };

/** GET /admin/series-repository. */
export interface SeriesRepository {
  series: string;
  repository: string;
}

/** GET /admin/repositories-tags?series=…; `error` when the repository could not be read. */
export interface RepositoryTags {
  name: string;
  url?: string;
  tags: string[];
  branches: string[];
  error?: string;
}
