import { downloadFile } from '@/lib/download-file';
import { supabaseLearnersBackend } from '../api/supabase-learners-backend';
import { LearnersSection } from './learners-section';

/** The studio's Learners section, over the signed-in owner's supabase-js client and the browser's downloads. */
export function LearnersPanel() {
  return (
    <LearnersSection
      backend={supabaseLearnersBackend}
      saveFile={(name, text, type) => downloadFile(name, new Blob([text], { type }))}
    />
  );
}
