import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that start real servers, tools or databases: minutes each on a busy two-core machine. Vitest
 * orders files by their last run's duration, which a fresh clone (CI) has not got, and then by size; these
 * start first, so that no worker begins one of them when the others are nearly done.
 */
const SLOWEST_FIRST = [
  'admin/admin-session.test.ts',
  'server/src/db/pglite-socket.test.ts',
  'admin/commands/db-copy.test.ts',
  'server/src/db/migrate.test.ts',
  'server/src/startup-error.test.ts',
  'server/src/outbox/outbox-worker.test.ts',
  'server/src/auth/one-time-tokens.test.ts',
  'admin/admin-terminal.test.ts',
];

const rank = (spec: TestSpecification) => {
  const index = SLOWEST_FIRST.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
  return index === -1 ? SLOWEST_FIRST.length : index;
};

/** Vitest's own order, with the slowest files moved to the front. */
export class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = sorted.filter((spec) => rank(spec) < SLOWEST_FIRST.length).sort((a, b) => rank(a) - rank(b));
    return [...slow, ...sorted.filter((spec) => rank(spec) === SLOWEST_FIRST.length)];
  }
}
