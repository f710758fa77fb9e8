/** Time-limited addresses of one lesson's files, as the player plays them. */
export interface LessonMedia {
  video: string;
  captions: string | null;
  poster: string | null;
}
