/** The fields the owner changed, as published in the project ({} before her first publish). */
export function fetchPublishedWords(api: {
  apiUrl: string;
  anonKey: string;
}): Promise<Record<string, string>>;

/** The published lessons' rows of the view `course_outline`, in /course's order, unchecked. */
export function fetchPublishedOutline(api: { apiUrl: string; anonKey: string }): Promise<unknown[]>;
