import type { Command } from 'commander';
import { z } from 'zod';
import { parseInput } from '../admin-error.ts';
import type { AdminContext } from '../admin-context.ts';
import { addOwner, listOwners, ownerEmail, removeOwner } from '../../server/src/db/index.ts';
import { shortTime, textTable } from './text-table.ts';

const ownerInput = z.object({ email: ownerEmail });

/** Who may open /studio: the allow-list behind the database's is_owner(). */
export function ownersCommands(program: Command, context: AdminContext) {
  const { io } = context;
  const owners = program.command('owners').description('who may open the studio at /studio');

  owners
    .command('add')
    .description('let an address open /studio (it signs in there with the e-mailed code)')
    .argument('<email>', "the owner's e-mail address")
    .action((email: string) => {
      const input = parseInput(ownerInput, { email });
      return context.withSession(async ({ db }) => {
        const added = await addOwner(db, input.email);
        io.stdout(
          added
            ? `${input.email} is an owner now: they sign in at /studio with the code their sign-in e-mail carries.\n`
            : `${input.email} already is an owner: nothing changed.\n`,
        );
      });
    });

  owners
    .command('remove')
    .description('take an address off the list (its sign-up and course account stay)')
    .argument('<email>', "the owner's e-mail address")
    .action((email: string) => {
      const input = parseInput(ownerInput, { email });
      return context.withSession(async ({ db }) => {
        const removed = await removeOwner(db, input.email);
        io.stdout(
          removed
            ? `${input.email} is no owner any more: /studio shows them nothing from now on.\n`
            : `${input.email} was no owner: nothing changed.\n`,
        );
      });
    });

  owners
    .command('list')
    .description('the owners, oldest first')
    .action(() =>
      context.withSession(async ({ db }) => {
        const rows = await listOwners(db);
        io.stdout(
          rows.length === 0
            ? 'No owners yet: add one with `owners add EMAIL` (a server starting with OWNER_EMAIL set adds it only while the list has never had an owner).\n'
            : textTable(
                ['EMAIL', 'ADDED'],
                rows.map((row) => [row.email, shortTime(row.added_at)]),
              ),
        );
      }),
    );
}
