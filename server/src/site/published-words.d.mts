/** The fields the owner changed, as published in the project ({} before her first publish). */
export function fetchPublishedWords(project: {
  supabaseUrl: string;
  serviceRoleKey: string;
}): Promise<Record<string, string>>;
