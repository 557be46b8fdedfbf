import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Where the end-to-end files may sit in the run's order: within its first part, so none starts near the end. */
const E2E_SPREAD = 0.6;

/** A small seeded generator (mulberry32): `--sequence.shuffle` orders the files by vitest's printed seed. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The order in which `npm test`'s one group of files starts (issue 40). Vitest's own order runs its projects one
 * after another by name (api, dom, e2e, unit), so the e2e files, which spend much of their time waiting on a
 * page, a build or a restart with a core idle, ran together after the API and component files, and the run
 * ended on the longest of them. Here the longest files start first (the last run's durations, else the file's
 * size), and the e2e files are spread through the first part of the order, so that CPU-bound files fill their
 * waits and no long file starts near the end. `--sequence.shuffle` still shuffles the files, by its seed.
 */
export default class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { sequence } = this.ctx.config;
    if (sequence.shuffle) {
      const random = seeded(sequence.seed);
      const shuffled = [...files];
      for (let i = shuffled.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
      }
      return shuffled;
    }
    const groups = new Map<number, TestSpecification[]>();
    for (const file of files) {
      const order = file.project.config.sequence.groupOrder;
      groups.set(order, [...(groups.get(order) ?? []), file]);
    }
    return [...groups.keys()]
      .sort((a, b) => a - b)
      .flatMap((order) => this.interleave(groups.get(order) ?? []));
  }

  private weight(file: TestSpecification): [number, number] {
    const key = `${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`;
    const last = this.ctx.cache.getFileTestResults(key);
    return [last?.duration ?? -1, this.ctx.cache.getFileStats(key)?.size ?? 0];
  }

  /** Longest first; e2e files at even steps through the first E2E_SPREAD of the order. */
  private interleave(files: TestSpecification[]): TestSpecification[] {
    const longestFirst = (list: TestSpecification[]) =>
      list
        .map((file) => ({ file, weight: this.weight(file) }))
        .sort((a, b) => b.weight[0] - a.weight[0] || b.weight[1] - a.weight[1])
        .map(({ file }) => file);
    const e2e = longestFirst(files.filter((file) => file.project.name === 'e2e'));
    const rest = longestFirst(files.filter((file) => file.project.name !== 'e2e'));
    const step = e2e.length > 0 ? (files.length * E2E_SPREAD) / e2e.length : 0;
    const ordered: TestSpecification[] = [];
    for (const [index, file] of e2e.entries()) {
      while (ordered.length < Math.floor(index * step) && rest.length > 0)
        ordered.push(rest.shift() as TestSpecification);
      ordered.push(file);
    }
    return [...ordered, ...rest];
  }
}
