/** The signed-in owner's last sign-ins, newest first, through the database's `studio_my_sign_ins`. */
import { z } from '@/lib/zod';
import { studioRpc } from '../../api/studio-rpc';

export interface SignIn {
  at: Date;
  /** How, where the back end records it (the embedded server does; hosted Supabase's log does not). */
  method: 'link' | 'code' | null;
}

const signInsSchema = z.array(z.object({ at: z.string(), method: z.nullable(z.enum(['link', 'code'])) }));

export async function loadMySignIns(): Promise<SignIn[]> {
  const rows = await studioRpc('studio_my_sign_ins', undefined, signInsSchema);
  return rows.map((row) => ({ at: new Date(row.at), method: row.method }));
}
