export function seededLessonSeconds(sql?: string): number[];
