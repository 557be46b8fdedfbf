import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { pick, seededRandom } from './server/test/seeded-random.js';

/**
 * The projects' order within a group. Each project's files stay together: vitest keeps a worker of a project
 * without isolation (unit, dom, api: one module graph, jsdom and PGlite per worker) only while the next file
 * waiting is of the same project, and ends it otherwise. The api files come first, while the e2e project's
 * global set-up makes its golden data directory in the background; the e2e files next, from the longest, so
 * none starts near the end; the dom and unit files last, many and short, to fill the cores while the last e2e
 * files wait on pages and builds.
 */
const PROJECT_ORDER = ['api', 'e2e', 'dom', 'unit'];

/**
 * The order in which `npm test`'s one group of files starts (issue 40): by groupOrder, then by PROJECT_ORDER,
 * then longest first (the last run's durations, else the file's size). Vitest's own order is by project name
 * (api, dom, e2e, unit), which ran the long e2e files late and the runs ended on the longest of them.
 * `--sequence.shuffle` shuffles the files within each project, by vitest's seed (and vitest the tests in a file).
 */
export default class ProjectsLongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { sequence } = this.ctx.config;
    const rank = (file: TestSpecification) => {
      const index = PROJECT_ORDER.indexOf(file.project.name);
      return index === -1 ? PROJECT_ORDER.length : index;
    };
    // Shuffled (vitest's printed seed): each project's files still together, in the seed's order within it. The
    // projects share no data, and mixing them ended a worker after nearly every file: a whole shuffled run took
    // 1,190 s against 763 s in order (session 28).
    if (sequence.shuffle) {
      const shuffled = pick(files, files.length, seededRandom(sequence.seed));
      return shuffled.sort(
        (a, b) =>
          a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
          rank(a) - rank(b) ||
          a.project.name.localeCompare(b.project.name),
      );
    }
    return files
      .map((file) => ({ file, weight: this.weight(file) }))
      .sort(
        (a, b) =>
          a.file.project.config.sequence.groupOrder - b.file.project.config.sequence.groupOrder ||
          rank(a.file) - rank(b.file) ||
          a.file.project.name.localeCompare(b.file.project.name) ||
          b.weight[0] - a.weight[0] ||
          b.weight[1] - a.weight[1],
      )
      .map(({ file }) => file);
  }

  /** The file's last duration (ms; -1 when unknown) and its size in bytes. */
  private weight(file: TestSpecification): [number, number] {
    const key = `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    const last = this.ctx.cache.getFileTestResults(key);
    return [last?.duration ?? -1, this.ctx.cache.getFileStats(key)?.size ?? 0];
  }
}
