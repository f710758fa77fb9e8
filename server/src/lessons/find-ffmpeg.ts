// Finds ffmpeg (and its ffprobe) for the lesson renditions: FFMPEG_PATH, then the first ffmpeg on PATH with
// ffprobe beside it (Debian's /usr/bin, Homebrew, /usr/local). The server only finds it: it never installs while
// it serves. The owner's tool and the test scripts install Debian's `ffmpeg` with apt when root on Debian, as
// find-chromium.mjs does for a browser. Never downloads a release build.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export type FoundFfmpeg =
  { ffmpeg: string; ffprobe: string; missing?: never } | { missing: string; ffmpeg?: never; ffprobe?: never };

/** ffprobe sits beside ffmpeg in every package that ships them. */
const withProbe = (ffmpeg: string): FoundFfmpeg => ({
  ffmpeg,
  ffprobe: path.join(path.dirname(ffmpeg), 'ffprobe'),
});

/** The first folder of PATH (then /usr/bin) holding both ffmpeg and ffprobe. */
function ffmpegOnPath() {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin'];
  const folder = folders.find(
    (dir) => existsSync(path.join(dir, 'ffmpeg')) && existsSync(path.join(dir, 'ffprobe')),
  );
  return folder === undefined ? undefined : path.join(folder, 'ffmpeg');
}

const NOT_FOUND =
  'No ffmpeg found. Install it (Debian/Ubuntu: `sudo apt-get install ffmpeg`) or set FFMPEG_PATH to an ' +
  'ffmpeg executable with ffprobe beside it.';

/** ffmpeg's and ffprobe's paths, or a sentence saying why there are none (the caller warns or skips with it). */
export function findFfmpeg(): FoundFfmpeg {
  if (process.env.FFMPEG_PATH) {
    if (existsSync(process.env.FFMPEG_PATH)) return withProbe(process.env.FFMPEG_PATH);
    return { missing: `FFMPEG_PATH is set to ${process.env.FFMPEG_PATH}, which does not exist.` };
  }
  const found = ffmpegOnPath();
  return found ? withProbe(found) : { missing: NOT_FOUND };
}

/** As findFfmpeg, but when nothing is found and this runs as root on Debian, installs Debian's package first. */
export function findOrInstallFfmpeg(): FoundFfmpeg {
  const found = findFfmpeg();
  if (found.ffmpeg || process.env.FFMPEG_PATH) return found;
  if (process.getuid?.() !== 0 || !existsSync('/etc/debian_version')) return found;
  console.log("Installing Debian's ffmpeg package for the lesson renditions…");
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'ffmpeg'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (error) {
    return { missing: `apt-get could not install ffmpeg (${String(error)}).` };
  }
  return findFfmpeg();
}
