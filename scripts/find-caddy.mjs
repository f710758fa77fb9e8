// Finds Caddy for the reverse-proxy test the way find-chromium.mjs finds a browser: CADDY_PATH, then Debian's
// /usr/bin/caddy, else installs Debian's `caddy` with apt when root on Debian. Never downloads a release build.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const DEBIAN_CADDY = '/usr/bin/caddy';

/** Caddy's path, or a sentence saying why there is none (the caller skips its test with it). */
export function findCaddy() {
  if (process.env.CADDY_PATH) {
    if (existsSync(process.env.CADDY_PATH)) return { path: process.env.CADDY_PATH };
    return { missing: `CADDY_PATH is set to ${process.env.CADDY_PATH}, which does not exist.` };
  }
  if (existsSync(DEBIAN_CADDY)) return { path: DEBIAN_CADDY };
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log("Installing Debian's caddy package for the reverse-proxy test…");
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'caddy'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      return { missing: `apt-get could not install caddy (${String(error)}).` };
    }
    if (existsSync(DEBIAN_CADDY)) return { path: DEBIAN_CADDY };
  }
  return {
    missing:
      'No Caddy found for the reverse-proxy test. Install one (Debian/Ubuntu: `sudo apt-get install caddy`) ' +
      'or set CADDY_PATH to a caddy executable.',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const caddy = findCaddy();
  console.log(caddy.path ?? caddy.missing);
  if (!caddy.path) process.exit(1);
}
