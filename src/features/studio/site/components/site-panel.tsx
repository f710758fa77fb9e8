import { supabaseSiteBackend } from '../api/supabase-site-backend';
import { SiteEditor } from './site-editor';

/** The studio's Site section, for the signed-in owner, over the real back end. */
export function SitePanel() {
  return <SiteEditor backend={supabaseSiteBackend} />;
}
