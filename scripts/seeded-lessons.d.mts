export interface SeededLesson {
  slug: string;
  title: string;
  summary: string;
  durationSeconds: number;
  orderIndex: number;
  isPreview: boolean;
  speaksTo: string[];
}
export function seededOutline(sql?: string): SeededLesson[];
export function seededLessonSeconds(sql?: string): number[];
export function seededFirstPosterFile(sql?: string): string | null;
