import { z } from './zod.ts';

/** What supabase-js itself requires of a stored session before it recovers it (auth-js `_isValidSession`). */
export const storedSessionSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string().check(z.minLength(1)),
  expires_at: z.number(),
});
