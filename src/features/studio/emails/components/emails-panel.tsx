import { supabaseSiteBackend } from '../../site/api/supabase-site-backend';
import { sendEmailTest } from '../api/supabase-test-sender';
import { EmailsEditor } from './emails-editor';

/** The studio's E-mails section, for the signed-in owner, over the real back end. */
export function EmailsPanel() {
  return <EmailsEditor backend={supabaseSiteBackend} sendTest={sendEmailTest} />;
}
