import type { Release } from '../types';

let nextId = 1;

/** A published release with sensible defaults; ids grow in creation order unless given. */
export function aRelease(values: Partial<Release> = {}): Release {
  const id = values.id ?? nextId++;
  return {
    id,
    series: 'x19',
    version: `1.0.${id}`,
    stage: 'stable',
    stage_number: 0,
    parent: null,
    tags: [{ repository_name: 'firmware-x19', tag_name: 'v1.0.0' }],
    is_draft: false,
    is_public: true,
    is_removed: false,
    user_id: 1,
    descriptions: [{ language: 'en', description: `Release ${id}` }],
    created_at: '2025-03-12T10:00:00.000Z',
    deploy_requested_at: null,
    ...values,
  };
}
