// Finds LibreOffice for the CSV export's spreadsheet test, the way scripts/find-chromium.mjs finds Chromium:
// an installed soffice, else Debian's `libreoffice-calc-nogui` installed with apt when root on Debian.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/soffice', '/usr/bin/libreoffice', '/usr/local/bin/soffice'];
const PACKAGE = 'libreoffice-calc-nogui';

const isRootOnDebian = () => process.getuid?.() === 0 && existsSync('/etc/debian_version');

/** The soffice executable; throws a message saying how to get one rather than letting the test skip. */
export function findLibreOffice(): string {
  const found = CANDIDATES.find((candidate) => existsSync(candidate));
  if (found) return found;
  if (isRootOnDebian()) {
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', PACKAGE], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      throw new Error(
        `The CSV export test opens the export in LibreOffice, and installing Debian's ${PACKAGE} with apt ` +
          `failed (${error instanceof Error ? error.message : String(error)}). Make the Debian mirror ` +
          `reachable, or install it yourself: apt-get install ${PACKAGE}.`,
        { cause: error },
      );
    }
    const installed = CANDIDATES.find((candidate) => existsSync(candidate));
    if (installed) return installed;
  }
  throw new Error(
    `The CSV export test opens the export in LibreOffice, and none is installed. Install it ` +
      `(Debian/Ubuntu: sudo apt-get install ${PACKAGE}); as root on Debian the test installs it itself.`,
  );
}
