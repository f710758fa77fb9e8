import { supabaseGuidesBackend } from '../api/supabase-guides-backend';
import { GuidesEditor } from './guides-editor';

/** The studio's Guides section, over the signed-in owner's supabase-js client. */
export function GuidesPanel() {
  return <GuidesEditor backend={supabaseGuidesBackend} />;
}
