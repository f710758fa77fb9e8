import { StudioPage } from '@/features/studio/shell/studio-page';
import { supabaseStudioAccess } from '@/features/studio/shell/supabase-studio-access';

/** /studio: the owner's pages, over the real back end. Loaded only there (see app.tsx). */
export function Studio() {
  return <StudioPage access={supabaseStudioAccess} />;
}
