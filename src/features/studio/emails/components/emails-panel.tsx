import { supabaseSiteBackend } from '../../site/api/supabase-site-backend';
import { sendTestEmail } from '../api/supabase-test-sender';
import { EmailsEditor } from './emails-editor';

/** The studio's E-mails section, for the signed-in owner, over the real back end. */
export function EmailsPanel() {
  return <EmailsEditor backend={supabaseSiteBackend} sendTest={sendTestEmail} />;
}
