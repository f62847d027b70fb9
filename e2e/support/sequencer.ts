// The order the end-to-end files start in: the long sweeps first. Vitest starts the largest files first when it has no
// timings (a fresh clone, CI), and the sweeps are small files that run for minutes; started last, one would run alone at
// the end while the other worker idles. Other projects keep vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST_FIRST = ['menus.e2e.test.ts', 'glance-phone.e2e.test.ts', 'glance.e2e.test.ts', 'screens.e2e.test.ts'];

const rank = (file: TestSpecification) => {
  const index = LONGEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/e2e/${name}`));
  return index < 0 ? LONGEST_FIRST.length : index;
};

export class LongSweepsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    // Within each project (in vitest's order of projects), a stable sort by rank.
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((file) => file.project.name === name).sort((a, b) => rank(a) - rank(b)),
    );
  }
}
