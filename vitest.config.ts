import { defineConfig } from 'vitest/config';
import { alias, define } from './vite.config.ts';

/**
 * Server test files that never use DATABASE_URL: they test PGlite itself, start their own servers on PGlite, or
 * use no database. The pass on PostgreSQL (DATABASE_URL set) leaves them out, as it would only repeat them.
 */
const PGLITE_ONLY_TESTS = [
  'admin/admin-session.test.ts',
  'admin/admin-terminal.test.ts',
  'server/src/lessons/lesson-renditions.test.ts',
  'server/src/db/pglite-*.test.ts',
  'server/src/db/running-server-privacy.test.ts',
  'server/src/startup/startup-error.test.ts',
  'server/src/page-views/page-view-counter-setting.test.ts',
  'scripts/**',
  'test/lint/**',
];

/**
 * Four projects: the web app in jsdom (unit and component tests beside the code), and the back end in Node
 * (server routes through createApp() and the sign-up core), and `bench`, the byte-budget check of a fresh build.
 * `npm test` runs `server` a second time on PostgreSQL, then `reliability` (real processes under load, crashes,
 * outages and hostile input).
 */
export default defineConfig({
  test: {
    // Vitest's default on 2 cores is one worker, but most server test files wait on child processes,
    // sockets and timers rather than on the CPU: three at once keep both cores busy.
    maxWorkers: 3,
    projects: [
      {
        resolve: { alias },
        define,
        test: {
          name: 'web',
          // One jsdom per worker, not per file: setting one up cost more than the web tests themselves (110 → 22
          // CPU-s); src/test-setup.ts starts each file as a fresh page would.
          isolate: false,
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test-setup.ts'],
          // Generous, as for the server: a file's first test pays jsdom's and React's cold start, which on a busy
          // 2-core machine can pass Vitest's 5 s default; no test asserts how long anything takes.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // Workers shared between files, as for the web tests (server project alone: 295 → 224 CPU-s).
          isolate: false,
          setupFiles: ['server/test/fresh-modules.ts'],
          include: [
            'server/**/*.test.ts',
            'admin/**/*.test.ts',
            'supabase/**/*.test.ts',
            'scripts/**/*.test.ts',
            'test/lint/**/*.test.ts',
          ],
          // The edge function's own test runs under Deno (scripts/test.mjs), not Vitest.
          exclude: [
            'supabase/functions/send-email/**',
            ...(process.env.DATABASE_URL ? PGLITE_ONLY_TESTS : []),
          ],
          globalSetup: ['server/test/database-templates.ts'],
          // Generous: a shared CI machine may be busy; no test asserts how long anything takes.
          testTimeout: 300_000,
          hookTimeout: 300_000,
        },
      },
      {
        test: {
          name: 'bench',
          environment: 'node',
          include: ['bench/**/*.test.ts'],
        },
      },
      {
        test: {
          // Real server processes, PostgreSQL and SMTP on loopback (docs/reliability.md). `npm test` runs the
          // short sizes two files at a time (they mostly wait on peers and timers), `npm run soak` the long ones
          // one at a time, so that each measures the machine alone.
          name: 'reliability',
          environment: 'node',
          include: ['test/reliability/**/*.test.ts'],
          globalSetup: ['test/reliability/global-setup.mjs'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
