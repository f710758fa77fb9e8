/**
 * How far a visitor got in a free preview lesson before signing in, kept on this device only (localStorage, one
 * entry per lesson) so that it counts for the lesson at her first sign-in here: /course adopts it into her
 * progress and removes it (features/course/preview-adoption.ts).
 */

/** The entry of one preview lesson, by its slug. */
export const previewPositionKey = (slug: string) => `three-lenses.preview-position.v1:${slug}`;

export interface PreviewPosition {
  positionSeconds: number;
  /** The file's own length, for whether the preview counts as watched. */
  durationSeconds: number;
  recordedAt: string;
}

/** Storage full or blocked: the preview plays on, and simply does not count later. */
export function keepPreviewPosition(slug: string, position: Omit<PreviewPosition, 'recordedAt'>) {
  try {
    window.localStorage.setItem(
      previewPositionKey(slug),
      JSON.stringify({ ...position, recordedAt: new Date().toISOString() }),
    );
  } catch {
    // Nothing to keep it in.
  }
}
