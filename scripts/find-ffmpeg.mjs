// `npm test` runs this first (under tsx) so that the lesson renditions' tests find ffmpeg: prints its path,
// installing Debian's package when missing and allowed (server/src/lessons/find-ffmpeg.ts), or why there is none.
import { findOrInstallFfmpeg } from '../server/src/lessons/find-ffmpeg.ts';

const found = findOrInstallFfmpeg();
console.log(found.ffmpeg ?? found.missing);
if (!found.ffmpeg) process.exit(1);
