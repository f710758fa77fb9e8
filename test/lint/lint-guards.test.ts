/** The project's ESLint config catches what it promises: .ts import cycles, Node in the neutral core, zones. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

const ruleIds = (result: ESLint.LintResult) => result.messages.map((message) => message.ruleId);

/** The rules a source text breaks if it were the file at `file` (relative to the repository). */
async function rulesBrokenBy(source: string, file: string) {
  const results = await eslint.lintText(source, { filePath: path.join(root, file) });
  return results.flatMap(ruleIds);
}

describe('import-x/no-cycle', () => {
  let folder: string;

  beforeAll(async () => {
    // Inside the repository, so the project's config and resolver treat the pair like any other source file.
    folder = await mkdtemp(path.join(root, 'test/lint/cycle-'));
    await writeFile(
      path.join(folder, 'a.ts'),
      "import { b } from './b.ts';\nexport const a = (): number => b() + 1;\n",
    );
    await writeFile(
      path.join(folder, 'b.ts'),
      "import { a } from './a.ts';\nexport const b = (): number => a() - 1;\n",
    );
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('flags two .ts files that import each other', async () => {
    const results = await eslint.lintFiles([folder]);
    expect(results.map((result) => [path.basename(result.filePath), ruleIds(result)])).toEqual([
      ['a.ts', ['import-x/no-cycle']],
      ['b.ts', ['import-x/no-cycle']],
    ]);
  });
});

describe('supabase/functions/_shared, which Deno also runs', () => {
  const shared = 'supabase/functions/_shared/example.ts';

  it.each([
    ["import 'node:fs/promises';", 'import-x/no-nodejs-modules'],
    ["import 'path';", 'import-x/no-nodejs-modules'],
    ["import 'nodemailer';", 'no-restricted-imports'],
    ["import 'pg';", 'no-restricted-imports'],
    ["import '@electric-sql/pglite';", 'no-restricted-imports'],
    ["import '@hono/node-server';", 'no-restricted-imports'],
    ["export const size = Buffer.byteLength('x');", 'no-restricted-globals'],
    ['export const home = process.env.HOME;', 'no-restricted-globals'],
  ])('refuses %s', async (source, rule) => {
    expect(await rulesBrokenBy(source, shared)).toEqual([rule]);
  });

  it('accepts web-standard code and runtime-neutral packages', async () => {
    const source = "import 'zod';\nexport const bytes = new TextEncoder().encode('x');\n";
    expect(await rulesBrokenBy(source, shared)).toEqual([]);
  });
});

describe('import-x/no-restricted-paths', () => {
  it.each([
    ['server/src/example.ts', "import '../../src/content/site.ts';"],
    ['src/example.ts', "import '../server/src/env.ts';"],
    ['supabase/functions/_shared/example.ts', "import '../../../server/src/env.ts';"],
    ['supabase/functions/_shared/example.ts', "import '../../../src/content/site.ts';"],
    ['admin/example.ts', "import '../server/src/outbox/transports/file-mailbox-transport.ts';"],
    ['admin/commands/example.ts', "import '../../server/src/db/migrate.ts';"],
    ['admin/example.ts', "import '../server/src/lessons/stream-jobs.ts';"],
    ['admin/example.ts', "import '../server/src/storage/storage-bucket.ts';"],
    ['admin/example.test.ts', "import '../server/src/jobs/stream-maker.ts';"],
    ['server/src/db/example.ts', "import '../lessons/stream-jobs.ts';"],
    ['server/src/db/example.ts', "import '../outbox/transports/file-mailbox-transport.ts';"],
    ['server/src/example.ts', "import '../../scripts/find-caddy.mjs';"],
    ['server/src/lessons/example.ts', "import '../../../scripts/build-stamp.mjs';"],
    ['admin/example.ts', "import '../scripts/server-process.mjs';"],
    ['admin/commands/example.ts', "import '../../scripts/build-stamp.mjs';"],
    [
      'server/src/routes/auth/example.ts',
      "import type { AppDeps } from '../../app.ts';\nexport type Deps = AppDeps;",
    ],
  ])('keeps %s from importing across: %s', async (file, source) => {
    expect(await rulesBrokenBy(source, file)).toEqual(['import-x/no-restricted-paths']);
  });

  it("lets admin/ through the server's doors (and its tests to server/test's helpers)", async () => {
    const source = [
      "import '../server/src/db/index.ts';",
      "import '../server/src/env.ts';",
      "import '../server/src/config/load-env-file.mjs';",
      "import '../server/src/lessons/lessons-door.ts';",
      "import '../server/src/storage/storage-door.ts';",
      "import '../server/src/outbox/file-mailbox-door.ts';",
      "import '../server/test/test-database.ts';",
    ].join('\n');
    expect(await rulesBrokenBy(source, 'admin/example.test.ts')).toEqual([]);
  });

  it("lets the server's and the tool's tests use scripts' test tooling, and scripts import the server", async () => {
    const tooling = "import '../../scripts/server-process.mjs';";
    expect(await rulesBrokenBy(tooling, 'server/src/example.test.ts')).toEqual([]);
    expect(await rulesBrokenBy(tooling, 'admin/commands/example.test.ts')).toEqual([]);
    const script = "import '../server/src/lessons/find-ffmpeg.ts';";
    expect(await rulesBrokenBy(script, 'scripts/example.mjs')).toEqual([]);
  });
});

describe('the web app: features stand alone, src/shared depends on no screen', () => {
  it.each([
    ['src/features/studio/example.ts', "import '@/features/course/components/course-page';"],
    ['src/features/studio/lessons/example.ts', "import '../../course/model/lesson.ts';"],
    ['src/features/course/example.ts', "import '@/features/signup/components/questionnaire';"],
    ['src/features/signup/components/example.test.tsx', "import '@/features/plan/components/plan-page';"],
    ['src/shared/sign-in/example.ts', "import '@/features/course/model/course-backend';"],
    ['src/shared/player/example.test.tsx', "import '@/features/studio/lessons/model/lessons-backend';"],
    ['src/shared/questionnaire/example.ts', "import '@/sections/signup-section';"],
    ['src/shared/course-outline/example.ts', "import '@/app/app';"],
    ['src/lib/example.ts', "import '@/shared/sign-in/sign-in-backend';"],
    ['src/components/example.tsx', "import '@/shared/player/captioned-video';"],
  ])('keeps %s from importing across: %s', async (file, source) => {
    expect(await rulesBrokenBy(source, file)).toEqual(['import-x/no-restricted-paths']);
  });

  it('lets a feature use itself and src/shared, src/shared use the layers below it, and app compose features', async () => {
    const legal: [string, string[]][] = [
      [
        'src/features/studio/lessons/example.ts',
        [
          "import '@/features/studio/shell/studio-access';",
          "import '../model/lessons-backend.ts';",
          "import '@/shared/player/captioned-video';",
          "import '@/shared/sign-in/email-input';",
          "import '@/components/ui/button';",
          "import '@/lib/supabase';",
          "import '@/content/studio';",
        ],
      ],
      [
        'src/shared/player/example.ts',
        [
          "import '@/shared/course-outline/outline';",
          "import '@/components/retry-notice';",
          "import '@/lib/supabase';",
          "import '@/content/course-page';",
        ],
      ],
      ['src/app/routes/example.tsx', ["import '@/features/course/components/course-page';"]],
      ['src/app/routes/studio.tsx', ["import '@/features/studio/shell/studio-page';"]],
    ];
    for (const [file, imports] of legal) expect(await rulesBrokenBy(imports.join('\n'), file)).toEqual([]);
  });
});

describe("the studio's files stay on the studio's page, the one that links their classes (src/site.css)", () => {
  it.each([
    ['src/app/routes/course-pages.ts', "import '@/features/studio/shell/studio-page';"],
    ['src/features/course/example.ts', "import '@/content/studio-lessons';"],
    ['src/shared/player/example.tsx', "import '@/content/studio';"],
  ])('keeps %s from importing %s', async (file, source) => {
    expect(await rulesBrokenBy(source, file)).toEqual(['no-restricted-imports']);
  });

  it("lets the prerender read the studio's title, and a test reach what it tests", async () => {
    expect(await rulesBrokenBy("import '@/content/studio';", 'src/entry-server.tsx')).toEqual([]);
    expect(await rulesBrokenBy("import '@/content/studio-lessons';", 'src/lib/example.test.ts')).toEqual([]);
  });
});
