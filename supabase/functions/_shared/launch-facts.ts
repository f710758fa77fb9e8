/**
 * What the studio's launch checklist knows of the server that sends the e-mail, which a browser cannot see: how
 * it sends (the file mailbox is a developer's) and where its links lead. The embedded server and the send-email
 * function each record theirs at start.
 */
import type { Sql } from './sql-port.ts';

export interface LaunchFacts {
  mailTransport: 'file' | 'smtp' | 'resend';
  /** SITE_URL's first address: where every link in an e-mail leads. */
  siteUrl: string;
}

export async function recordLaunchFacts(db: Sql, facts: LaunchFacts): Promise<void> {
  await db.query('select public.record_launch_facts($1, $2)', [facts.mailTransport, facts.siteUrl]);
}
