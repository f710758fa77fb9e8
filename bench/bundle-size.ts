// Byte sizes of the build, read from Vite's manifest: what the page loads before any interaction, and each lazy chunk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { z } from 'zod';
import { SITE_CSS_MANIFEST } from '../server/src/site/render-pages.mjs';

const chunkSchema = z.object({
  file: z.string(),
  name: z.string().optional(),
  src: z.string().optional(),
  isEntry: z.boolean().optional(),
  isDynamicEntry: z.boolean().optional(),
  imports: z.array(z.string()).optional(),
  dynamicImports: z.array(z.string()).optional(),
  css: z.array(z.string()).optional(),
});
const manifestSchema = z.record(z.string(), chunkSchema);
export type Manifest = z.infer<typeof manifestSchema>;

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}

interface FileSizes extends Sizes {
  file: string;
}

export interface BundleReport {
  /** JavaScript the entry loads before any interaction: the entry chunk and its static imports. */
  initialJs: Sizes & { files: FileSizes[] };
  /** The stylesheet every page inlines (src/site.css). */
  initialCss: Sizes & { files: FileSizes[] };
  /** Every other JavaScript or CSS file of the build: loaded only on demand. */
  lazy: (FileSizes & { name: string })[];
}

export function readManifest(distDir: string, file = path.join('.vite', 'manifest.json')): Manifest {
  return manifestSchema.parse(JSON.parse(readFileSync(path.join(distDir, file), 'utf8')));
}

/** Gzip level 9 and brotli quality 11: what the build precompresses with and the server sends. */
function compressedSizes(content: Uint8Array): Sizes {
  return {
    raw: content.byteLength,
    gzip: gzipSync(content, { level: 9 }).byteLength,
    brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength,
  };
}

/**
 * The manifest keys the landing page loads before any interaction: each HTML entry and, transitively, its static
 * imports, and the chunk it imports at start-up to hydrate its islands (`startup`, a chunk's name: src/main.tsx only
 * waits for the first paint to import it). Other dynamic imports wait for the visitor, or belong to other pages.
 */
export function initialChunks(manifest: Manifest, startup = 'hydrate-landing'): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest names ${key}, which it does not describe.`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The build manifest has no entry chunk.');
  for (const entry of entries) visit(entry);
  const started = entries
    .flatMap((entry) => manifest[entry]?.dynamicImports ?? [])
    .filter((key) => manifest[key]?.name === startup);
  if (started.length === 0) throw new Error(`No entry of the build imports the ${startup} chunk.`);
  for (const key of started) visit(key);
  return [...seen];
}

function total(files: FileSizes[]): Sizes {
  return files.reduce(
    (sum, file) => ({
      raw: sum.raw + file.raw,
      gzip: sum.gzip + file.gzip,
      brotli: sum.brotli + file.brotli,
    }),
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

export function measureBundle(distDir: string, manifest: Manifest = readManifest(distDir)): BundleReport {
  const sizeOf = (file: string): FileSizes => ({
    file,
    ...compressedSizes(new Uint8Array(readFileSync(path.join(distDir, file)))),
  });
  const initial = initialChunks(manifest)
    .map((key) => manifest[key])
    .filter((chunk) => chunk !== undefined);
  const initialJsFiles = [...new Set(initial.map((chunk) => chunk.file))];
  // Every page inlines the site's stylesheet, built on its own (scripts/build.mjs); the app's whole one, which the
  // studio's page links, is listed with the files loaded on demand.
  const initialCssFiles = Object.values(readManifest(distDir, SITE_CSS_MANIFEST))
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.css'));
  const eager = new Set([...initialJsFiles, ...initialCssFiles]);

  const lazy = new Map<string, string>();
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (!eager.has(file) && /\.(js|css)$/.test(file) && !lazy.has(file))
        lazy.set(file, chunk.name ?? chunk.src ?? file);
    }
  }
  const js = initialJsFiles.map(sizeOf);
  const css = initialCssFiles.map(sizeOf);
  return {
    initialJs: { ...total(js), files: js },
    initialCss: { ...total(css), files: css },
    lazy: [...lazy].map(([file, name]) => ({ name, ...sizeOf(file) })).sort((a, b) => b.gzip - a.gzip),
  };
}
