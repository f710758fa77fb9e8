import { courseCopy } from '@/content/course-page';

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

/** A lesson's marks in the lists: picked for the visitor by their answers, and free to watch before signing in. */
export function LessonBadges({
  id,
  forYou,
  preview = false,
}: {
  /** For the lesson's link to be described by its marks too. */
  id?: string;
  forYou: boolean;
  preview?: boolean;
}) {
  if (!forYou && !preview) return null;
  return (
    <span id={id} className="flex flex-wrap gap-1.5">
      {forYou && <span className={`${badge} bg-lens-1/12 text-link`}>{courseCopy.tailoring.forYou}</span>}
      {preview && <span className={`${badge} bg-lens-2/15 text-ink`}>{courseCopy.preview.badge}</span>}
    </span>
  );
}
