import { z } from '@/lib/zod';
import { getSupabase } from '@/lib/supabase';
import type { CourseRecord } from '../model/course-backend';

const recordSchema = z.nullable(z.object({ name: z.string(), finished_at: z.nullable(z.string()) }));

/** The signed-in learner's name and finish (`public.my_course_record()`); none for an account without a sign-up. */
export async function loadCourseRecord(): Promise<CourseRecord> {
  const supabase = await getSupabase();
  const { data, error } = await supabase.rpc('my_course_record');
  if (error) throw error;
  const record = recordSchema.parse(data);
  return { name: record?.name ?? '', finishedAt: record?.finished_at ?? null };
}
