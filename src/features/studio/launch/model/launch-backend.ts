// What the studio's launch checklist asks of its back end: the real one speaks supabase-js
// (api/supabase-launch-backend.ts); tests hand the checklist their own.

/** One item of the checklist, as the database found it, with what the studio says of it. */
export type LaunchItem =
  | { key: 'founder' | 'hero' | 'teaser' | 'privacy'; done: boolean }
  /** `left`: the invented guides still shown, or the placeholder lessons still published. */
  | { key: 'guides' | 'lessons'; done: boolean; left: number }
  /** `transport`: how the server last said it sends e-mail; null before it has said. */
  | { key: 'email'; done: boolean; transport: 'file' | 'smtp' | 'resend' | null }
  /** `address`: where the server last said its links lead (SITE_URL); null before it has said. */
  | { key: 'siteUrl'; done: boolean; address: string | null };

export interface LaunchChecklist {
  items: LaunchItem[];
  /** Whether the signed-in owner hid it (on any of her devices). */
  dismissed: boolean;
}

/** Each call answers the checklist as the database now holds it; each failure rejects. */
export interface LaunchBackend {
  load(): Promise<LaunchChecklist>;
  /** Hides the checklist for the signed-in owner (true), or shows it again (false). */
  setDismissed(dismissed: boolean): Promise<LaunchChecklist>;
}
