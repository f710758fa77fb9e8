/**
 * The studio's owners, as the owner's tool (`admin owners`) and the server's first start (`OWNER_EMAIL`) manage
 * them.
 * An owner also gets a `signups` row (source 'owner') when they have none, because sign-in e-mails go only to
 * addresses that have one: that is how a new owner signs in to /studio with the e-mailed code.
 */
import { z } from 'zod';
import type { Sql } from './database.ts';
import type { Log } from '../../../supabase/functions/_shared/log.ts';

export const ownerEmail = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('must be an e-mail address like coach@example.com').max(254));

const ownerRow = z.object({ email: z.string(), added_at: z.coerce.date() });
export type OwnerRow = z.output<typeof ownerRow>;

const ADD_OWNER = `
with added as (
  insert into public.owners (email) values ($1) on conflict (email) do nothing returning email
), signed_up as (
  insert into public.signups (email, name, consent_version, source)
  select $1, 'Course owner', 'owner', 'owner'
   where not exists (select 1 from public.signups where lower(email) = $1)
  on conflict do nothing
)
select count(*)::int as added from added`;

/** Adds an owner (the address lower-cased); false when they already were one. */
export async function addOwner(db: Sql, email: string): Promise<boolean> {
  const [row] = await db.query<{ added: number }>(ADD_OWNER, [ownerEmail.parse(email)]);
  return row?.added === 1;
}

/**
 * OWNER_EMAIL at the server's start: adds `email` as the first owner while the list has never had one, and says
 * so; whether it did. Once the list has had an owner (the database records the first, by whatever path), an
 * empty list means its owners were removed: the start says so in one line and brings nobody back.
 */
export async function addFirstOwner(db: Sql, email: string, log: Log): Promise<boolean> {
  const [row] = await db.query<{ has_owner: boolean; first_added_at: Date | null }>(
    `select exists (select 1 from public.owners) as has_owner,
            (select added_at from public.first_owner) as first_added_at`,
  );
  if (!row || row.has_owner) return false;
  if (row.first_added_at) {
    log.warn({
      event: 'owners.owner_email_not_added',
      owner_email: ownerEmail.parse(email),
      first_owner_added_at: row.first_added_at,
      hint: 'The owners were removed since the first was added; add one with `npm run admin -- owners add EMAIL`.',
    });
    return false;
  }
  const added = await addOwner(db, email);
  if (added) log.info({ event: 'owners.first_owner_added', hint: 'OWNER_EMAIL signs in at /studio' });
  return added;
}

/** Removes an owner; false when the address was none. Their sign-up and course account stay. */
export async function removeOwner(db: Sql, email: string): Promise<boolean> {
  const rows = await db.query('delete from public.owners where email = $1 returning email', [
    ownerEmail.parse(email),
  ]);
  return rows.length === 1;
}

export async function listOwners(db: Sql): Promise<OwnerRow[]> {
  return z
    .array(ownerRow)
    .parse(await db.query('select email, added_at from public.owners order by added_at, email'));
}
