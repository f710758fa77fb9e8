// Compiles the embedded server (server/src/index.ts) to one JavaScript file, so that `npm start` runs it on plain
// Node: a TypeScript loader would add a loader thread and its memory to the server process (decision 0051).
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const outfile = path.join(root, 'server', 'dist', 'index.mjs');

/**
 * Writes server/dist/index.mjs and returns its path. The file sits as deep as server/src/index.ts, so the
 * folders the server finds from its own location (supabase/) are the same; packages stay imports from
 * node_modules. The file is replaced in one rename, so servers starting side by side never read half of it.
 */
export async function bundleServer() {
  const { outputFiles } = await build({
    entryPoints: [path.join(root, 'server', 'src', 'index.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'warning',
  });
  // esbuild compiles in a child process of its own, which is not needed once the file is written.
  await stop();
  mkdirSync(path.dirname(outfile), { recursive: true });
  const draft = `${outfile}.${process.pid}`;
  writeFileSync(draft, outputFiles[0].contents);
  renameSync(draft, outfile);
  return outfile;
}
