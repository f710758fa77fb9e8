import { supabaseLaunchBackend } from '../api/supabase-launch-backend';
import { LaunchChecklist } from './launch-checklist';

/** The launch checklist for the signed-in owner, over the real back end. */
export function LaunchChecklistPanel() {
  return <LaunchChecklist backend={supabaseLaunchBackend} />;
}
