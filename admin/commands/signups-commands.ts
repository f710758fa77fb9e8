import { type Command, InvalidArgumentError, Option } from 'commander';
import { AdminError, parseInput } from '../admin-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { finishErasures } from '../../server/src/db/index.ts';
import { compactErasedTables, describeCompaction } from '../erasures.ts';
import { signupsCsv } from '../../src/lib/signups-csv.ts';
import { createSignupsAdmin, eraseSignupInput } from '../signups-admin.ts';
import { plural, shortTime, textTable } from './text-table.ts';

/** A day (2026-11-01, read as UTC midnight) or a full ISO time with an offset. */
function sinceDate(text: string): Date {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const full = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text);
  const date = new Date(day ? `${text}T00:00:00Z` : text);
  if ((!day && !full) || Number.isNaN(date.getTime()) || (day && date.toISOString().slice(0, 10) !== text)) {
    throw new InvalidArgumentError(
      '--since must be a date like 2026-11-01 or a time like 2026-11-01T09:30:00Z.',
    );
  }
  return date;
}

const sinceOption = () =>
  new Option('--since <date>', 'only people who signed up (again) on or after this day or time').argParser(
    sinceDate,
  );

export function signupsCommands(program: Command, context: AdminContext) {
  const { io } = context;
  const signups = program.command('signups').description('the people who signed up for the course');

  signups
    .command('list')
    .description(
      'sign-ups in the order they first came: id, e-mail, name, first and last sign-up, count, unsubscribed',
    )
    .addOption(sinceOption())
    .action((options: { since?: Date }) =>
      context.withSession(async ({ db }) => {
        const rows = await createSignupsAdmin(db).list({ since: options.since });
        if (rows.length === 0) {
          io.stdout(options.since ? 'No sign-ups since then.\n' : 'No sign-ups yet.\n');
          return;
        }
        io.stdout(
          textTable(
            ['ID', 'EMAIL', 'NAME', 'FIRST SIGN-UP', 'LAST SIGN-UP', 'COUNT', 'UNSUBSCRIBED'],
            rows.map((row) => [
              String(row.id),
              row.email,
              row.name,
              shortTime(row.first_signed_up_at),
              shortTime(row.last_signed_up_at),
              String(row.signup_count),
              row.unsubscribed ? 'yes' : 'no',
            ]),
          ),
        );
      }),
    );

  signups
    .command('export')
    .description(
      'every sign-up as CSV (RFC 4180, safe to open in a spreadsheet) or JSON, on stdout or into a new file',
    )
    .addOption(new Option('--format <format>', 'csv or json').choices(['csv', 'json']).makeOptionMandatory())
    .addOption(sinceOption())
    .option('--output <file>', 'write a new file (readable by you only) instead of stdout')
    .action((options: { format: 'csv' | 'json'; since?: Date; output?: string }) =>
      context.withSession(async ({ db }) => {
        const rows = await createSignupsAdmin(db).list({ since: options.since });
        const text = options.format === 'csv' ? signupsCsv(rows) : `${JSON.stringify(rows, null, 2)}\n`;
        if (options.output === undefined) {
          io.stdout(text);
          return;
        }
        await io.writeNewFile(options.output, text);
        io.stderr(`Wrote ${rows.length} sign-up${rows.length === 1 ? '' : 's'} to ${options.output}.\n`);
      }),
    );

  signups
    .command('count')
    .description('how many people signed up, and how many of them unsubscribed')
    .action(() =>
      context.withSession(async ({ db }) => {
        const { total, unsubscribed } = await createSignupsAdmin(db).count();
        io.stdout(`${total} sign-up${total === 1 ? '' : 's'} (${unsubscribed} unsubscribed)\n`);
      }),
    );

  signups
    .command('erase')
    .description(
      "GDPR erasure: delete the person's sign-up, every e-mail queued or sent to them, their .eml files, and their course account with its sessions, lesson progress, feedback answer and reminder answers",
    )
    .argument('<email>', 'their e-mail address (any capitalisation)')
    .option('--yes', 'do not ask for confirmation')
    .action(async (email: string, options: { yes?: true }) => {
      const input = parseInput(eraseSignupInput, { email });
      if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) {
        throw new AdminError('invalid', `"${email}" is not an e-mail address.`);
      }
      if (
        options.yes !== true &&
        !(await io.confirm(
          `Erase every record of ${input.email} (sign-up, e-mails, .eml files, course account, sessions, lesson progress, feedback and reminder answers)? This cannot be undone. [y/N] `,
        ))
      ) {
        throw new AdminError('invalid', 'Nothing erased: not confirmed (answer "y", or add --yes).');
      }
      const hasher = await context.places.erasureHasher();
      await context.withSession(async ({ db }) => {
        const erased = await createSignupsAdmin(db).erase(
          input,
          hasher && { hash: hasher.hash(input.email), keyId: hasher.keyId },
        );
        // After the rows: an e-mail still queued cannot be written to a file once its row is gone.
        const files = await context.places.eraseMail(input.email);
        const nothing = erased.signups === 0 && erased.outbox === 0 && erased.accounts === 0 && files === 0;
        io.stdout(
          nothing
            ? `No sign-up for ${input.email}: nothing to erase.\n`
            : `Erased ${input.email}: ${plural(erased.signups, 'sign-up')}, ${plural(erased.outbox, 'outbox e-mail')}, ` +
                `${plural(erased.accounts, 'course account')} with ${plural(erased.progress, 'lesson progress record')}, ` +
                `${plural(erased.feedback, 'feedback answer')} and ${plural(erased.reminder_answers, 'reminder answer')}, ` +
                `and ${plural(files, '.eml file')}.\n`,
        );
        io.stdout(
          hasher
            ? 'Recorded the erasure as a keyed hash: a restore of an older backup erases them again.\n'
            : "No erasure record kept: there is no log-hash key yet (LOG_HASH_KEY, or DATA_DIR/log-hash-key made at the server's first start), so a restore of an older backup would bring them back.\n",
        );
        if (!nothing) io.stdout(describeCompaction(await compactErasedTables(db)));
      });
    });

  signups
    .command('finish-erasures')
    .description(
      "finish the studio's erasures where no embedded server runs (hosted Supabase): record each one's keyed hash, delete their .eml files, compact the tables",
    )
    .action(async () => {
      const hasher = await context.places.erasureHasher();
      await context.withSession(async ({ db }) => {
        const { finished, files, compaction } = await finishErasures(db, {
          hasher,
          eraseMail: (address) => context.places.eraseMail(address),
        });
        if (finished === 0) {
          io.stdout('No erasure from the studio waits to be finished.\n');
          return;
        }
        io.stdout(
          `Finished ${plural(finished, 'erasure')} from the studio, with ${plural(files, '.eml file')} deleted` +
            (hasher
              ? ' and their keyed hash recorded.\n'
              : ': no erasure record kept, there is no log-hash key yet.\n'),
        );
        if (compaction) io.stdout(describeCompaction(compaction));
      });
    });

  signups
    .command('find-logs')
    .description("the token that stands for a person's address in the server's logs, to search them with")
    .argument('<email>', 'their e-mail address (any capitalisation)')
    .action(async (email: string) => {
      const input = parseInput(eraseSignupInput, { email });
      const token = await context.places.logToken(input.email);
      io.stdout(`${token}\n`);
      io.stderr(
        `Log lines about ${input.email} carry ${token} instead of the address: search for it, e.g. grep ${token} server.log\n`,
      );
    });
}
