// Finds Debian's Chromium without ever downloading a browser build. Two builds of it, for two jobs:
// - the tests drive `chromium-headless-shell` (findTestChromium): the same engine without the full browser's
//   window, GPU and compositor work, as Playwright's own headless mode does; it costs the suites a third less CPU;
// - what measures a visitor's experience (the bench's Lighthouse and page runs) and renders the placeholder
//   lessons uses the full `chromium` (findChromium).
// CHROME_PATH overrides both. When the build is missing and this runs as root on Debian, apt installs it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const FULL = {
  name: 'chromium',
  candidates: ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'],
};
const HEADLESS_SHELL = { name: 'chromium-headless-shell', candidates: ['/usr/bin/chromium-headless-shell'] };

/** The flags this workplace's closed network needs (docs/testing.md). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const isRootOnDebian = () => process.getuid?.() === 0 && existsSync('/etc/debian_version');

function find({ name, candidates }) {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    throw new Error(`CHROME_PATH is set to ${process.env.CHROME_PATH}, which does not exist.`);
  }
  const found = candidates.find((candidate) => existsSync(candidate));
  if (found) return found;
  if (isRootOnDebian()) {
    console.log(`Installing Debian's ${name} package for the browser tests…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', name], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(candidates[0])) return candidates[0];
  }
  throw new Error(
    `No ${name} found. Install it (Debian/Ubuntu: \`sudo apt-get install ${name}\`) ` +
      'or set CHROME_PATH to a Chromium or Chrome executable. Nothing here downloads a browser build.',
  );
}

/** The full Chromium, for measuring what a visitor's browser does. */
export const findChromium = () => find(FULL);

/** Chromium's headless shell, for the tests that drive a browser (Playwright, the reliability suite). */
export const findTestChromium = () => find(HEADLESS_SHELL);

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(findChromium());
