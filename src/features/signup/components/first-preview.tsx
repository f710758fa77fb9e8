import { Suspense, lazy, useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { signupCopy } from '@/content/signup';
import type { LessonFiles, OutlineLesson } from '@/shared/course-outline/outline';
import { type OutlineStore, landingOutline, useOutlineState } from '@/shared/course-outline/outline-store';
import type { LessonMedia } from '@/shared/player/lesson-media';

const copy = signupCopy.sentPanel;

/** The player comes with the tap. */
const PreviewVideo = lazy(() =>
  import('@/shared/player/preview-video').then((module) => ({ default: module.PreviewVideo })),
);
const signPreview = (preview: NonNullable<OutlineLesson['preview']>) =>
  import('@/shared/player/sign-outline-files').then((module) => module.signOutlineFiles(preview));

/**
 * "Start lesson 1 now" in the sign-up's success panel: the first lesson the owner marked as a free preview,
 * played in place on a tap, with captions, while the e-mail is on its way. Nothing shows without one. Files that
 * cannot be signed may have changed since the outline was read (its stream made meanwhile): the outline is read
 * again, and the player signs the files it then names.
 */
export function FirstPreview({
  outlineStore = landingOutline,
  sign = signPreview,
}: {
  outlineStore?: OutlineStore;
  sign?: (preview: NonNullable<OutlineLesson['preview']>) => Promise<LessonMedia>;
}) {
  const outline = useOutlineState(outlineStore);
  const [watching, setWatching] = useState(false);
  const signCurrent = useCallback(
    (files: LessonFiles) =>
      sign(files).catch((error: unknown) => {
        outlineStore.reload();
        throw error;
      }),
    [sign, outlineStore],
  );
  useEffect(() => outlineStore.request(), [outlineStore]);
  if (outline.status !== 'ready') return null;
  const { lessons } = outline.outline;
  const lesson = lessons.find((candidate) => candidate.preview !== null);
  if (!lesson?.preview) return null;
  const position = lessons.indexOf(lesson) + 1;
  if (!watching) {
    return (
      <Button variant="dark" className="w-full sm:w-auto" onClick={() => setWatching(true)}>
        <PlayIcon className="size-4" />
        {copy.startLesson(position)}
      </Button>
    );
  }
  // On a phone the player takes the panel's whole width.
  return (
    <div className="max-sm:-mx-4">
      <Suspense fallback={<div className="aspect-video rounded-card bg-night" />}>
        <PreviewVideo
          lesson={lesson}
          // The MP4 here: hls.js loads only on /course (docs/decisions/0140).
          preview={{ ...lesson.preview, streamPath: null }}
          eyebrow={copy.previewEyebrow(position)}
          sign={signCurrent}
          headingLevel="h4"
        />
      </Suspense>
    </div>
  );
}
