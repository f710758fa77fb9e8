export function findFfmpeg(options?: {
  install?: boolean;
}):
  { ffmpeg: string; ffprobe: string; missing?: never } | { missing: string; ffmpeg?: never; ffprobe?: never };
