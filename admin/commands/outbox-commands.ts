import type { Command } from 'commander';
import { AdminError } from '../admin-error.ts';
import { type AdminContext, wholeNumber } from '../admin-context.ts';
import { createOutboxAdmin } from '../outbox-admin.ts';
import { shortTime, textTable } from './text-table.ts';

/** Every status the outbox knows, shown even at zero so the owner sees the whole picture. */
const STATUSES = ['pending', 'sending', 'sent', 'dead'];

export function outboxCommands(program: Command, context: AdminContext) {
  const { io } = context;
  const outbox = program.command('outbox').description('the course e-mails waiting, sent and given up on');

  outbox
    .command('status')
    .description(
      'counts by status, the oldest e-mail due, a pause the provider asked for, and the dead ones with their last error',
    )
    .action(() =>
      context.withSession(async ({ db }) => {
        const status = await createOutboxAdmin(db).status();
        const counts = new Map(status.counts.map((row) => [row.status, row.count]));
        const names = [...STATUSES, ...[...counts.keys()].filter((name) => !STATUSES.includes(name))];
        let text = textTable(
          ['STATUS', 'E-MAILS'],
          names.map((name) => [name, String(counts.get(name) ?? 0)]),
        );
        text += `\nOldest due: ${status.oldest_due ? shortTime(status.oldest_due) : 'none (nothing waiting)'}\n`;
        for (const pause of status.paused) {
          text += `Sending through ${pause.provider} waits until ${shortTime(pause.until)}, as the provider asked: ${pause.reason ?? 'no reason given'}\n`;
        }
        if (status.dead.length > 0) {
          text += `\nDead e-mails (put them back with \`outbox retry ID\` or \`outbox retry --dead\`):\n`;
          text += textTable(
            ['ID', 'RECIPIENT', 'ATTEMPTS', 'CREATED', 'LAST ERROR'],
            status.dead.map((row) => [
              String(row.id),
              row.recipient,
              String(row.attempts),
              shortTime(row.created_at),
              (row.last_error ?? '').replace(/\s+/g, ' '),
            ]),
          );
        }
        io.stdout(text);
      }),
    );

  outbox
    .command('retry')
    .description(
      'put a dead e-mail (or, with --dead, every dead one) back in the queue, due now, with fresh attempts',
    )
    .argument('[id]', 'the outbox id (see `outbox status`)', wholeNumber('ID', { positive: true }))
    .option('--dead', 'every dead e-mail')
    .action((id: number | undefined, options: { dead?: true }) => {
      if ((id === undefined) === (options.dead === undefined)) {
        throw new AdminError('invalid', 'Give either an outbox ID or --dead (not both).');
      }
      return context.withSession(async ({ db }) => {
        const { ids } = await createOutboxAdmin(db).retry(id === undefined ? { dead: true } : { id });
        io.stdout(
          ids.length === 0
            ? 'No dead e-mails: nothing to retry.\n'
            : `Queued again: ${ids.length} e-mail${ids.length === 1 ? '' : 's'} (${ids.join(', ')}).\n`,
        );
      });
    });
}
