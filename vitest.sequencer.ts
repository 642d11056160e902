import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Starts the files that take longest (they wait on processes, deadlines or CPU limits) first, so that they run
 * while the quick files fill the other workers instead of ending the run alone. vitest orders files by the
 * durations of the last run, which a fresh clone does not have (it then takes the largest files first).
 */
export function slowFirst(slowest: string[]) {
  return class SlowFirstSequencer extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      // Keep vitest's order of projects (and groups); reorder inside each.
      const block = new Map<string, number>();
      for (const f of sorted) if (!block.has(f.project.name)) block.set(f.project.name, block.size);
      const rank = (f: TestSpecification) => {
        const i = slowest.findIndex((name) => f.moduleId.endsWith(name));
        return i < 0 ? slowest.length : i;
      };
      return sorted
        .map((f, i) => ({ f, key: [block.get(f.project.name)!, rank(f), i] }))
        .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
        .map(({ f }) => f);
    }
  };
}
