/** Users as GoTrue returns them: one e-mail identity each, the fields supabase-js reads. */
import { z } from 'zod';
import type { Sql } from '../../../supabase/functions/_shared/sql-port.ts';

const userRow = z.object({
  id: z.string(),
  email: z.string(),
  identity_id: z.string(),
  email_confirmed_at: z.date().nullable(),
  last_sign_in_at: z.date().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});
export type UserRow = z.infer<typeof userRow>;

export const USER_COLUMNS =
  'id::text, email, identity_id::text, email_confirmed_at, last_sign_in_at, created_at, updated_at';

export function parseUserRow(row: unknown): UserRow {
  return userRow.parse(row);
}

export async function findUser(sql: Sql, userId: string): Promise<UserRow | undefined> {
  const [row] = await sql.query(`select ${USER_COLUMNS} from auth.users where id = $1`, [userId]);
  return row === undefined ? undefined : parseUserRow(row);
}

/** The user's JSON; GoTrue leaves out timestamps that are not set. */
export function goTrueUser(user: UserRow) {
  const confirmedAt = user.email_confirmed_at?.toISOString();
  const lastSignInAt = user.last_sign_in_at?.toISOString();
  const createdAt = user.created_at.toISOString();
  const updatedAt = user.updated_at.toISOString();
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    ...(confirmedAt && { email_confirmed_at: confirmedAt, confirmed_at: confirmedAt }),
    phone: '',
    ...(lastSignInAt && { last_sign_in_at: lastSignInAt }),
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [
      {
        identity_id: user.identity_id,
        id: user.id,
        user_id: user.id,
        identity_data: {
          email: user.email,
          email_verified: confirmedAt !== undefined,
          phone_verified: false,
          sub: user.id,
        },
        provider: 'email',
        ...(lastSignInAt && { last_sign_in_at: lastSignInAt }),
        created_at: createdAt,
        updated_at: updatedAt,
        email: user.email.toLowerCase(),
      },
    ],
    created_at: createdAt,
    updated_at: updatedAt,
    is_anonymous: false,
  };
}
