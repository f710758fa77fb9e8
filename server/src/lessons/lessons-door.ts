// What the owner's tool may use of the lessons' video work, so that it checks a video, makes its stream and finds
// ffmpeg exactly as the server does with the studio's uploads.
export { findOrInstallFfmpeg } from './find-ffmpeg.ts';
export { describeLessonVideo, type LessonVideo, LessonVideoRefusal } from './lesson-video.ts';
export { type VideoTools } from './lesson-renditions.ts';
export { makeWaitingStreams } from './stream-jobs.ts';
