/** The fields the owner changed, as published in the project ({} before her first publish). */
export function fetchPublishedWords(api: {
  apiUrl: string;
  anonKey: string;
}): Promise<Record<string, string>>;
