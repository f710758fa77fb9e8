import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every folder of src/features: each gets a zone of its own, so a new feature is kept apart as it is made. */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Imports go one way: shared code (content; components and lib; then src/shared, what several screens use) →
 * sections and features → app. Sections never import features, a feature never imports another feature (what
 * two need moves to src/shared; app composes them), and src/shared imports no feature, section or app.
 * src/ never imports server/, and server/ takes of src/ only the rules of the public buckets' files
 * (src/lib/guide-rules.ts, src/lib/teaser-rules.ts).
 */
const importZones = [
  { target: './src/components', from: ['./src/shared', './src/sections', './src/features', './src/app'] },
  { target: './src/lib', from: ['./src/shared', './src/sections', './src/features', './src/app'] },
  {
    target: './src/content',
    from: ['./src/shared', './src/sections', './src/features', './src/app', './src/components', './src/lib'],
  },
  {
    target: './src/shared',
    from: ['./src/sections', './src/features', './src/app'],
    message: 'src/shared is what several screens use: it imports no feature, section or app.',
  },
  { target: './src/sections', from: ['./src/features', './src/app'] },
  { target: './src/features', from: ['./src/app'] },
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature imports no other feature: move what both use to src/shared, or compose them in src/app.',
  })),
  { target: './src', from: ['./server', './admin'] },
  { target: './server', from: './admin' },
  {
    target: './server',
    from: './src',
    // Plain code without imports: the embedded upload routes check a public file by the studio's rules.
    except: ['./lib/guide-rules.ts', './lib/teaser-rules.ts'],
    message:
      'server/ imports nothing of src/ but the public files’ rules, src/lib/guide-rules.ts and src/lib/teaser-rules.ts.',
  },
  { target: './supabase', from: ['./server', './admin'] },
  {
    target: './supabase',
    from: './src',
    // Plain modules without imports of their own, so Deno loads them as they are.
    except: ['./content/course.ts', './content/emails.ts'],
    message:
      "The shared core takes only src/content/emails.ts (the e-mails' words) and course.ts (the addresses).",
  },
  // Route groups take what they need as parameters: none imports the app that composes them, not even its
  // types (import-x/no-cycle skips type-only imports, so a cycle through them would go unseen).
  { target: './server/src/routes', from: './server/src/app.ts' },
  // The database room is the server's bottom layer: it imports no other room of the server.
  {
    target: './server/src/db',
    from: './server/src',
    except: ['./db'],
    message: 'server/src/db is the database only: it imports no other room of the server.',
  },
  // The owner's tool reaches the server through its doors, each named for the one room behind it. Its tests may
  // use server/test's helpers too.
  {
    target: './admin',
    from: './server',
    except: [
      './src/db/index.ts',
      './src/env.ts',
      './src/config',
      './src/lessons/lessons-door.ts',
      './src/storage/storage-door.ts',
      './src/outbox/file-mailbox-door.ts',
      './test',
    ],
    message:
      'admin/ reaches the server only through its doors: server/src/db/index.ts (the database and DATA_DIR), ' +
      'env.ts and config/ (the settings and the .env loader), lessons/lessons-door.ts (video checks and streams), ' +
      'storage/storage-door.ts (the bucket and content types) and outbox/file-mailbox-door.ts (the .eml files).',
  },
];

/** Runtime code never lives in scripts/: the server and the owner's tool import none of it (tests may). */
const noScriptsZone = {
  target: ['./server/src', './admin'],
  from: './scripts',
  message:
    'server/src and admin/ never import scripts/: move the code into server/src, and let scripts import it.',
};

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'server/dist',
      'admin/dist',
      'node_modules',
      'test-results',
      'playwright-report',
      'bench/results',
      '.data',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  // Tells import-x that .ts and .tsx files are modules; it follows only .js by default and missed .ts cycles.
  importX.flatConfigs.typescript,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      // The root tsconfig references every project: a file resolves with the paths of its own project.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-restricted-paths': ['error', { zones: importZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The sign-up core runs in Node and in Deno (the edge function), so it speaks web standards only.
    // Its tests keep the rule too: none needs Node, and one that did would be testing server/ code.
    files: ['supabase/functions/_shared/**'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'nodemailer',
                'pg',
                'pg-*',
                '@electric-sql/*',
                '@hono/node-server',
                '@hono/node-server/*',
              ],
              message: 'Node-only: supabase/functions/_shared also runs in Deno. Put it in server/.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...['Buffer', 'process', 'global', '__dirname', '__filename'].map((name) => ({
          name,
          message: 'Node-only: supabase/functions/_shared also runs in Deno.',
        })),
      ],
    },
  },
  {
    files: ['server/src/**', 'admin/**'],
    ignores: ['**/*.test.ts', 'admin/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...importZones, noScriptsZone] }] },
  },
  {
    // Every page but the studio's is styled by src/site.css, which leaves out the classes of the studio's files: a
    // page that rendered a studio component would show it unstyled (in production only: dev has the whole sheet).
    // The prerender reads the studio's title and description alone.
    files: ['src/**/*.{ts,tsx}'],
    ignores: [
      'src/features/studio/**',
      'src/content/studio*.ts',
      'src/app/routes/studio.tsx',
      'src/entry-server.tsx',
      '**/*.test.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/studio', '@/features/studio/*', '@/content/studio*', '**/routes/studio'],
              message:
                "The studio's own files are styled on /studio only (src/site.css): share the part from outside them.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
