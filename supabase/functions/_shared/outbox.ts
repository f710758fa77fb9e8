/**
 * The e-mail outbox: claim due rows, make each e-mail with a fresh sign-in link, send them within the
 * provider's shared rate (in batches where it has them), record the outcome, retry with jittered back-off,
 * wait out rate limits, and give up loudly.
 */
import type { EmailWords } from '../../../src/content/emails.ts';
import { announcementMail, type AnnouncementNow, readAnnouncements } from './announcement-mail.ts';
import { renderCourseEmail, renderOwnerSignInEmail, renderSignInLinkEmail } from './course-email.ts';
import { publishedEmailWords } from './email-words.ts';
import { claimSlot, slotSeconds, slotWait } from './mail-rate.ts';
import {
  batches,
  claimDue,
  type ClaimedRow,
  DELIVERY_DEFAULTS,
  type DeliveryContext,
  type DeliveryReport,
  type DeliverySettings,
  dropUnwanted,
  ids,
  leaveBatch,
  recordDead,
  recordFailure,
  recordSent,
  releaseClaims,
} from './outbox-rows.ts';
import { readReminders, reminderMail, type ReminderNow } from './reminder-mail.ts';
import { type SignInLink, studioSignInUrl } from './sign-in-link.ts';
import { type BatchOutcome, DeliveryError, type OutgoingMail } from './transports/mail-transport.ts';

/** What was read just before a reminder's or an announcement's e-mail is made, by outbox id. */
interface ReadAtSend {
  reminders: Map<string, ReminderNow>;
  announcements: Map<string, AnnouncementNow>;
}

/**
 * The row's e-mail with its fresh link, in the owner's published `words`; a reminder's and an announcement's say
 * what was `read` just before, and an owner's requested link opens the studio (in its own words, not hers to change).
 */
async function mailFor(
  context: DeliveryContext,
  row: ClaimedRow,
  link: SignInLink,
  read: ReadAtSend,
  words: EmailWords,
): Promise<OutgoingMail> {
  const envelope = { from: context.mailFrom, to: row.recipient, idempotencyKey: row.idempotency_key };
  const reminder = read.reminders.get(row.id);
  if (reminder) return { ...envelope, ...(await reminderMail(context, row, link, reminder, words)) };
  const announcement = read.announcements.get(row.id);
  if (announcement) return { ...envelope, ...(await announcementMail(context, row, link, announcement)) };
  const ways = { code: link.code, codesPaused: link.codesPaused, siteUrl: context.siteUrl };
  if (row.kind === 'sign-in-link' && row.to_owner) {
    return { ...envelope, ...renderOwnerSignInEmail({ ...ways, signInUrl: studioSignInUrl(link.url) }) };
  }
  const render = row.kind === 'sign-in-link' ? renderSignInLinkEmail : renderCourseEmail;
  return { ...envelope, ...render({ ...ways, name: row.name, signInUrl: link.url }, words) };
}

interface PreparedMail {
  row: ClaimedRow;
  mail: OutgoingMail;
}

const linkFailure = (reason: unknown) =>
  new DeliveryError(
    `Could not make the sign-in link: ${reason instanceof Error ? reason.message : String(reason)}`,
    { cause: reason },
  );

/**
 * Makes the claimed rows' e-mails, each with a fresh sign-in link, before any send slot is taken. A reminder or an
 * announcement no longer wanted is dropped first. A row whose link cannot be made is a failed attempt, retried with back-off. In
 * a batch, such rows leave it and the rest go on under its key, so one address the auth refuses never holds
 * back the others.
 */
async function prepareMails(
  context: DeliveryContext,
  claimed: readonly ClaimedRow[],
  batching: boolean,
  settings: DeliverySettings,
  report: DeliveryReport,
): Promise<PreparedMail[]> {
  const read: ReadAtSend = {
    reminders: await readReminders(context.db, claimed),
    announcements: await readAnnouncements(context.db, claimed),
  };
  const unwanted = claimed.filter(
    (row) =>
      (row.kind === 'reminder' && !read.reminders.has(row.id)) ||
      (row.kind === 'announcement' && !read.announcements.has(row.id)),
  );
  await dropUnwanted(context, unwanted);
  const rows = claimed.filter((row) => !unwanted.includes(row));
  if (rows.length === 0) return [];
  const words = await publishedEmailWords(context.db);
  const links = await context
    .signInLinks(
      rows.map((row) => ({
        email: row.recipient,
        keepLiveCode: row.kind !== 'sign-in-link',
        outboxId: row.id,
      })),
    )
    .catch((reason: unknown) =>
      rows.map((): PromiseSettledResult<SignInLink> => ({ status: 'rejected', reason })),
    );
  const prepared: PreparedMail[] = [];
  const failed: { row: ClaimedRow; reason: unknown }[] = [];
  for (const [index, row] of rows.entries()) {
    const link = links[index];
    if (link?.status !== 'fulfilled') {
      failed.push({ row, reason: link ? link.reason : 'no link was made for this e-mail' });
      continue;
    }
    try {
      prepared.push({ row, mail: await mailFor(context, row, link.value, read, words) });
    } catch (reason) {
      failed.push({ row, reason });
    }
  }
  const [first] = failed;
  if (!first) return prepared;
  const failedRows = failed.map((entry) => entry.row);
  if (batching && prepared.length > 0) await leaveBatch(context, ids(failedRows));
  // A batch's rows share one attempt count and one back-off; rows sent one by one keep their own.
  if (batching) await recordFailure(context, failedRows, linkFailure(first.reason), settings, report);
  else {
    for (const { row, reason } of failed) {
      await recordFailure(context, [row], linkFailure(reason), settings, report);
    }
  }
  return prepared;
}

/** Sends the prepared rows as one request (one row: the single endpoint under the row's own key). */
async function deliverRequest(
  context: DeliveryContext,
  prepared: readonly PreparedMail[],
  settings: DeliverySettings,
  report: DeliveryReport,
) {
  const { transport } = context;
  const rows = prepared.map((entry) => entry.row);
  let outcomes: BatchOutcome[];
  try {
    const [only] = prepared;
    if (prepared.length === 1 && only) outcomes = [await transport.send(only.mail)];
    else if (transport.sendBatch) {
      outcomes = await transport.sendBatch(
        prepared.map((entry) => entry.mail),
        rows[0]?.batch_key ?? '',
      );
    } else throw new Error(`The ${transport.name} transport cannot send a batch.`);
  } catch (error) {
    await recordFailure(context, rows, error, settings, report);
    return;
  }
  const sent: ClaimedRow[] = [];
  const providerIds: string[] = [];
  for (const [index, outcome] of outcomes.entries()) {
    const row = rows[index];
    if (!row) continue;
    if ('providerId' in outcome) {
      sent.push(row);
      providerIds.push(outcome.providerId);
    } else {
      await recordDead(context, [row], outcome.refused);
      report.dead += 1;
    }
  }
  if (sent.length > 0) await recordSent(context, sent, providerIds);
  report.sent += sent.length;
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/**
 * Waits for the provider's next slot and takes it, holding the rows already claimed, so the request leaves
 * as soon as the slot is free. False when the wait would be longer than `maxSlotWaitSeconds` or a stop comes.
 */
async function waitForSlot(
  context: DeliveryContext,
  seconds: number,
  settings: DeliverySettings,
  shouldStop: () => boolean,
): Promise<boolean> {
  const provider = context.transport.name;
  for (;;) {
    const wait = await slotWait(context.db, provider);
    if (wait.seconds > settings.maxSlotWaitSeconds) return false;
    if (wait.seconds > 0) await sleep(wait.seconds);
    if (shouldStop()) return false;
    if (await claimSlot(context.db, provider, seconds)) return true;
  }
}

/**
 * Claims and sends due rows until none is due, until the provider's rate keeps this pass waiting longer than
 * `maxSlotWaitSeconds`, or until `shouldStop()` says so between requests. Each request finishes (and is
 * recorded) before the next starts, so stopping never leaves a half-recorded row.
 */
export async function deliverDue(
  context: DeliveryContext,
  shouldStop: () => boolean = () => false,
): Promise<DeliveryReport> {
  const settings = { ...DELIVERY_DEFAULTS, ...context.settings };
  const { db, transport } = context;
  const paced = Number.isFinite(transport.ratePerSecond);
  const batching = batches(transport);
  const limit = batching
    ? transport.maxBatchSize
    : paced
      ? Math.max(1, Math.min(settings.batchSize, Math.floor(transport.ratePerSecond)))
      : settings.batchSize;
  const report: DeliveryReport = { sent: 0, retry: 0, dead: 0, rateLimited: 0 };
  while (!shouldStop()) {
    // Look before claiming: while the provider is paused, rows stay untouched in the queue.
    if (paced && (await slotWait(db, transport.name)).seconds > settings.maxSlotWaitSeconds) break;
    const claimed = await claimDue(context, limit);
    if (claimed.length === 0) break;
    const prepared = await prepareMails(context, claimed, batching, settings, report);
    if (prepared.length === 0) continue;
    const rows = prepared.map((entry) => entry.row);
    const requests = batching ? 1 : rows.length;
    if (
      paced &&
      !(await waitForSlot(context, slotSeconds(transport.ratePerSecond) * requests, settings, shouldStop))
    ) {
      // No slot in time (a pause, another sender ahead, a stop): hand the rows back. Their links go unused, and
      // the addresses' earlier ones are already void: the next pass makes and sends new ones.
      await releaseClaims(context, ids(rows));
      break;
    }
    if (batching) {
      await deliverRequest(context, prepared, settings, report);
      continue;
    }
    const limitedBefore = report.rateLimited;
    for (const [index, entry] of prepared.entries()) {
      if (shouldStop() || report.rateLimited > limitedBefore) {
        // Hand back the rows not started, so another worker (or the next pass) sends them when it may.
        await releaseClaims(context, ids(rows.slice(index)));
        break;
      }
      await deliverRequest(context, [entry], settings, report);
    }
  }
  return report;
}
