import { supabaseAnnouncementsBackend } from '../api/supabase-announcements-backend';
import { AnnouncementsView } from './announcements-view';

/** The studio's Announcements section, over the signed-in owner's supabase-js client. */
export function AnnouncementsPanel() {
  return <AnnouncementsView backend={supabaseAnnouncementsBackend} />;
}
