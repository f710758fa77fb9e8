// The lessons a new installation is seeded with, read from their one source, supabase/seeds/lessons.json: the
// placeholder generator makes their files from it and writes supabase/seeds/lessons.sql (which the Supabase CLI
// and the embedded server run), and the build prerenders the landing page with the course length they add up to
// and /course with their outline, before the live outline is known.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const root = path.resolve(import.meta.dirname, '..');
export const seedDataFile = path.join(root, 'supabase', 'seeds', 'lessons.json');
export const seedSqlFile = path.join(root, 'supabase', 'seeds', 'lessons.sql');
/** Where the seed's files are: its paths are inside the bucket `course`. */
export const courseBucket = path.join(root, 'supabase', 'storage', 'course');

// Shapes only: what a lesson may hold (slug, lengths, a positive duration) is the lessons table's to check, when
// the seed is run.
const SeededCard = z.strictObject({
  eyebrow: z.string(),
  heading: z.string(),
  text: z.string(),
  lens: z.enum(['trends', 'strengths', 'dreams', 'all', 'centre']),
  lines: z.array(z.string()).min(1),
});
const SeededLesson = z.strictObject({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  durationSeconds: z.int(),
  isPreview: z.boolean(),
  speaksTo: z.array(z.string()),
  cards: z.array(SeededCard).min(1),
});
const SeededLessons = z.array(SeededLesson).min(1, 'no lesson found');

/** The seeded lessons in their order; throws, naming the file and the field, on data it cannot read. */
export function readSeededLessons(json = readFileSync(seedDataFile, 'utf8')) {
  const parsed = SeededLessons.safeParse(JSON.parse(json));
  if (!parsed.success) throw new Error(`${seedDataFile}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** A lesson's files inside the bucket `course`, named by its slug. */
export function lessonFilePaths(lesson) {
  return {
    videoPath: `lessons/${lesson.slug}.mp4`,
    captionsPath: `lessons/${lesson.slug}.vtt`,
    posterPath: `lessons/${lesson.slug}.webp`,
  };
}

/** The seeded lessons' public outline (everything but their cards, and each one's place from 1), in order. */
export function seededOutline(lessons = readSeededLessons()) {
  return lessons.map(({ slug, title, summary, durationSeconds, isPreview, speaksTo }, index) => ({
    slug,
    title,
    summary,
    durationSeconds,
    orderIndex: index + 1,
    isPreview,
    // The seeded lessons play their MP4s.
    streams: false,
    speaksTo,
  }));
}

/**
 * The seeded lessons' rows as the view `course_outline` gives them (its columns, in the order the site reads them),
 * each naming its files. The build prerenders /course with them unless it reads the published ones
 * (SITE_WORDS_FROM), and so does the embedded server while they are its published lessons.
 */
export function seededOutlineRows(lessons = readSeededLessons()) {
  return seededOutline(lessons).map((lesson) => {
    const { videoPath, captionsPath, posterPath } = lessonFilePaths(lesson);
    return {
      slug: lesson.slug,
      title: lesson.title,
      summary: lesson.summary,
      duration_seconds: lesson.durationSeconds,
      order_index: lesson.orderIndex,
      poster_path: posterPath,
      is_preview: lesson.isPreview,
      speaks_to: lesson.speaksTo,
      video_path: videoPath,
      captions_path: captionsPath,
      stream_path: null,
      streams: lesson.streams,
    };
  });
}

/** Each seeded lesson's duration in seconds, in the lessons' order. */
export function seededLessonSeconds(lessons = readSeededLessons()) {
  return lessons.map((lesson) => lesson.durationSeconds);
}

/** Where the seeded lessons' small posters are: the course's outline shows the first at 160 px wide. */
export const thumbnailFolder = path.join(root, 'supabase', 'seeds', 'thumbnails');

/** The bucket path of the first seeded lesson's poster, which its small copy (below) is made from. */
export function seededFirstPosterPath(lessons = readSeededLessons()) {
  const [first] = lessons;
  return first ? lessonFilePaths(first).posterPath : null;
}

/**
 * The first seeded lesson's poster at 480 px wide (`make-placeholder-lessons.mjs` makes it), which /course is
 * prerendered with; null when it has none.
 */
export function seededFirstThumbnailFile(lessons = readSeededLessons()) {
  const file = path.join(thumbnailFolder, `${lessons[0]?.slug}.webp`);
  return existsSync(file) ? file : null;
}

const sqlText = (text) => `'${text.replaceAll("'", "''")}'`;
const sqlTextArray = (texts) =>
  texts.length === 0 ? 'array[]::text[]' : `array[${texts.map(sqlText).join(', ')}]`;

/** supabase/seeds/lessons.sql as the seeded lessons make it: each one published, in their order. */
export function seedSql(lessons = readSeededLessons()) {
  const values = lessons
    .map((lesson, index) => {
      const { videoPath, captionsPath, posterPath } = lessonFilePaths(lesson);
      const row = [
        sqlText(lesson.slug),
        sqlText(lesson.title),
        sqlText(lesson.summary),
        sqlText(videoPath),
        sqlText(captionsPath),
        sqlText(posterPath),
        lesson.durationSeconds,
        index + 1,
        lesson.isPreview,
        sqlTextArray(lesson.speaksTo),
      ];
      return `  (${row.join(', ')})`;
    })
    .join(',\n');
  return `-- Written from supabase/seeds/lessons.json by scripts/make-placeholder-lessons.mjs (edit that file, then run
-- \`node scripts/make-placeholder-lessons.mjs --seed-only\`): the placeholder lessons, published, for a new
-- installation. Their files are in supabase/storage/course/lessons/ (uploaded by \`supabase seed buckets\`, copied
-- by the embedded server). Inserted only into an empty table, so running this again never duplicates a lesson.
insert into public.lessons
  (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index, is_published,
   is_preview, speaks_to)
select slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index, true,
  is_preview, speaks_to
from (values
${values}
) as sample (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index,
  is_preview, speaks_to)
where not exists (select 1 from public.lessons);
`;
}
