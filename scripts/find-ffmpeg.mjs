// Finds ffmpeg (and its ffprobe) for the lesson renditions the way find-chromium.mjs finds a browser: FFMPEG_PATH,
// then the first ffmpeg on PATH with ffprobe beside it (Debian's /usr/bin, Homebrew, /usr/local), else installs
// Debian's `ffmpeg` with apt when root on Debian (unless told not to: the server never installs while it serves).
// Never downloads a release build.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** ffprobe sits beside ffmpeg in every package that ships them. */
const withProbe = (ffmpeg) => ({ ffmpeg, ffprobe: path.join(path.dirname(ffmpeg), 'ffprobe') });

/** The first folder of PATH (then /usr/bin) holding both ffmpeg and ffprobe. */
function ffmpegOnPath() {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), '/usr/bin'];
  const folder = folders.find(
    (dir) => existsSync(path.join(dir, 'ffmpeg')) && existsSync(path.join(dir, 'ffprobe')),
  );
  return folder === undefined ? undefined : path.join(folder, 'ffmpeg');
}

/** ffmpeg's and ffprobe's paths, or a sentence saying why there are none (the caller warns or skips with it). */
export function findFfmpeg({ install = true } = {}) {
  if (process.env.FFMPEG_PATH) {
    if (existsSync(process.env.FFMPEG_PATH)) return withProbe(process.env.FFMPEG_PATH);
    return { missing: `FFMPEG_PATH is set to ${process.env.FFMPEG_PATH}, which does not exist.` };
  }
  const found = ffmpegOnPath();
  if (found) return withProbe(found);
  if (install && process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
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
    const installed = ffmpegOnPath();
    if (installed) return withProbe(installed);
  }
  return {
    missing:
      'No ffmpeg found. Install it (Debian/Ubuntu: `sudo apt-get install ffmpeg`) or set FFMPEG_PATH to an ' +
      'ffmpeg executable with ffprobe beside it.',
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const found = findFfmpeg();
  console.log(found.ffmpeg ?? found.missing);
  if (!found.ffmpeg) process.exit(1);
}
