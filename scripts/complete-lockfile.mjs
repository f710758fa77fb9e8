// Records every platform build of every optional native binding in package-lock.json.
// The registry this project installs from serves only some platforms' builds, so `npm install` leaves the
// others out of the lockfile, and `npm ci` then refuses it ("Missing: … from lock file"). Each missing build
// is recorded as an optional entry at the exact version its parent pins; `npm ci` skips the ones it cannot
// fetch, as it does any optional dependency. Runs after every `npm install` (package.json "postinstall").
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const lockFile = path.resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
const packages = lock.packages;
let added = 0;

function installedPath(parentPath, name) {
  for (let base = parentPath; ;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    const index = base.lastIndexOf('node_modules/');
    if (index === -1) return undefined;
    base = base.slice(0, Math.max(0, index - 1));
  }
}

for (const [parentPath, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (installedPath(parentPath, name) || !/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec)) continue;
    packages[`node_modules/${name}`] = {
      version: spec,
      ...(entry.dev && { dev: true }),
      optional: true,
    };
    added += 1;
  }
}

if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(lockFile, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: recorded ${added} platform builds the registry does not serve here.`);
}
