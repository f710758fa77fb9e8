// `npm test` runs this first (under tsx): the Debian packages its suites use, each found or, when missing and
// allowed, installed with apt, one after another, before the suites start side by side and would otherwise race
// for apt's lock. Prints each one's path, or why it is missing (which fails the run, but for Caddy).
import { findLibreOffice } from '../admin/test/find-libreoffice.ts';
import { findOrInstallFfmpeg } from '../server/src/lessons/find-ffmpeg.ts';
import { findCaddy } from './find-caddy.mjs';
import { findTestChromium } from './find-chromium.mjs';
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
  Caddy: () => findCaddy().path ?? `none, the reverse-proxy test will skip (${findCaddy().missing})`,
  LibreOffice: findLibreOffice,
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
