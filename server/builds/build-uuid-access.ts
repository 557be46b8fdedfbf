/**
 * Who may hold a build's uuid (issue 36). The uuid is the key to the build's public download
 * (GET /api/files/firmwares/{uuid}) and to its attestation, so it goes to the build's owner and to admins only:
 * never to a developer or a beta tester who sees the build at work (the agents page, the live socket). Every
 * view of a build or task made for an account takes its uuid from here.
 */
export interface UuidViewer {
  id: number;
  is_admin: boolean;
}

interface OwnedBuild {
  id: number;
  uuid: string;
  user_id: number;
}

export const mayHoldBuildUuid = (viewer: UuidViewer, ownerId: number) =>
  viewer.is_admin || viewer.id === ownerId;

/** The build's uuid for a view that anyone may be given (the agents page): null for whoever may not hold it. */
export const buildUuidFor = (viewer: UuidViewer, build: OwnedBuild): string | null =>
  mayHoldBuildUuid(viewer, build.user_id) ? build.uuid : null;

/**
 * The build's uuid for a view only its owner and admins are given (a build, a task): the routes answer others
 * 404 before a view is made, so one made for anyone else is a mistake of ours, stopped here with a 500 rather
 * than answered with another partner's download key.
 */
export function ownBuildUuid(viewer: UuidViewer, build: OwnedBuild): string {
  const uuid = buildUuidFor(viewer, build);
  if (uuid === null) {
    throw new Error(`Build ${build.id} viewed by account ${viewer.id}, neither its owner nor an admin`);
  }
  return uuid;
}
