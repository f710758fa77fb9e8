import { Suspense, lazy, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PlayIcon } from '@/components/ui/icons';
import { signupCopy } from '@/content/signup';
import type { OutlineLesson } from '@/shared/course-outline/outline';
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
 * cannot be signed make it read the outline again.
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
          sign={sign}
          onRefused={outlineStore.reload}
          headingLevel="h4"
        />
      </Suspense>
    </div>
  );
}
