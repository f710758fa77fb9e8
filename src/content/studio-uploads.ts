/** What the studio says while a video uploads in resumable pieces: a lesson's, or the teaser's. */
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export const studioUploadsCopy = {
  uploading: 'Uploading the video',
  uploadProgress: (sent: number, total: number) =>
    `${megabytes(sent)} of ${megabytes(total)} (${total === 0 ? 0 : Math.floor((sent / total) * 100)}%)`,
  pause: 'Pause',
  resume: 'Resume',
  paused: 'Paused. Resume when you are ready: the upload goes on from where it stopped.',
} as const;
