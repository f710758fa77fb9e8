export function findFfmpeg():
  { ffmpeg: string; ffprobe: string; missing?: never } | { missing: string; ffmpeg?: never; ffprobe?: never };
