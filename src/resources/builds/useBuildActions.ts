// The actions on builds (spec §2 lists: rebuild, upgrade, delete selected, copy links or uuid; pools are saved by
// EditPoolsDialog). Each reports failures through the shared error display and refreshes the set and its builds.
import { rebuildBuild, upgradeBuild } from '../sets/setsApi';
import type { Build } from '../sets/types';
import { useActionTools } from '../sets/useSetActions';
import { downloadUrl } from './buildRules';

export function useBuildActions() {
  const { dataProvider, http, copy, run, isAdmin } = useActionTools();

  return {
    isAdmin,
    rebuild: (build: Build) =>
      run(() => rebuildBuild(http, build, isAdmin), {
        message: 'resources.firmwares.notifications.build_rebuilt',
      }),
    upgrade: (build: Build) =>
      run(() => upgradeBuild(http, build), { message: 'resources.firmwares.notifications.build_upgraded' }),
    remove: (builds: Build[], fullClean: boolean) =>
      run(
        () =>
          Promise.all(
            builds.map((build) =>
              dataProvider.delete<Build>('builds', {
                id: build.id,
                previousData: build,
                meta: { query: { full_clean: fullClean } },
              }),
            ),
          ),
        { message: 'resources.firmwares.notifications.builds_removed', args: { smart_count: builds.length } },
      ),
    copyLink: (build: Build) => copy(downloadUrl(window.location.origin, build.uuid)),
    copyUuid: (build: Build) => copy(build.uuid),
  };
}
