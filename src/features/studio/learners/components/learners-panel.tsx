import { downloadFile } from '@/lib/download-file';
import { supabaseLearnersBackend } from '../api/supabase-learners-backend';
import { LearnersView } from './learners-view';

/** The studio's Learners section, over the signed-in owner's supabase-js client and the browser's downloads. */
export function LearnersPanel() {
  return (
    <LearnersView
      backend={supabaseLearnersBackend}
      saveFile={(name, text, type) => downloadFile(name, new Blob([text], { type }))}
    />
  );
}
