import { supabaseLessonsBackend } from '../api/supabase-lessons-backend';
import { LessonsStudio } from './lessons-studio';

/** The studio's Lessons section, for the signed-in owner, over the real back end. */
export function LessonsPanel() {
  return <LessonsStudio backend={supabaseLessonsBackend} />;
}
