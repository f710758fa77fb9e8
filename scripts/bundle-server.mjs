// Compiles the embedded server (server/src/index.ts) to one JavaScript file, so that `npm start` runs it on plain
// Node: a TypeScript loader would add a loader thread and its memory to the server process (decision 0051). The
// tests compile the owner's tool (admin/main.ts) the same way, as they start it dozens of times.
import { readFile } from 'node:fs/promises';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Writes server/dist/index.mjs and returns its path. The file sits as deep as server/src/index.ts, so the
 * folders the server finds from its own location (supabase/) are the same; packages stay imports from
 * node_modules.
 */
export function bundleServer() {
  return bundle(path.join(root, 'server', 'src', 'index.ts'), path.join(root, 'server', 'dist', 'index.mjs'));
}

/**
 * Writes admin/dist/main.mjs, `npm run admin`'s entry point, and returns its path: for the tests, which start the
 * tool as a terminal would, without tsx compiling each of its modules in every process. Each module keeps its own
 * location (import.meta), so the folders the tool finds from there (supabase/migrations, .env) are the same.
 */
export function bundleAdmin() {
  return bundle(path.join(root, 'admin', 'main.ts'), path.join(root, 'admin', 'dist', 'main.mjs'), [
    keepOwnLocation,
  ]);
}

/** Replaces a module's import.meta.url and import.meta.dirname with those of its source file. */
const keepOwnLocation = {
  name: 'keep-own-location',
  setup(builder) {
    builder.onLoad({ filter: /\.(ts|mjs)$/ }, async ({ path: file }) => ({
      contents: (await readFile(file, 'utf8'))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(file).href))
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(file))),
      loader: file.endsWith('.ts') ? 'ts' : 'js',
    }));
  },
};

/** The file is replaced in one rename, so processes starting side by side never read half of it. */
async function bundle(entry, outfile, plugins = []) {
  const { outputFiles } = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'warning',
    plugins,
  });
  // esbuild compiles in a child process of its own, which is not needed once the file is written.
  await stop();
  mkdirSync(path.dirname(outfile), { recursive: true });
  const draft = `${outfile}.${process.pid}`;
  writeFileSync(draft, outputFiles[0].contents);
  renameSync(draft, outfile);
  return outfile;
}
