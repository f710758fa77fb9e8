import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { AdminError } from '../admin-api.ts';
import type { AdminSession } from '../admin-session.ts';
import { guidesCommands } from './guides-commands.ts';
import { outboxCommands } from './outbox-commands.ts';
import { signupsCommands } from './signups-commands.ts';

/** Everything a command touches outside itself, so tests run the real program in-process. */
export interface AdminIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Asks on stderr and reads one line; false on anything but y/yes, and on end of input. */
  confirm(question: string): Promise<boolean>;
  /** Writes a new file (never overwrites one), readable by the owner only: exports hold personal data. */
  writeNewFile(file: string, content: string): Promise<void>;
}

export interface AdminContext {
  io: AdminIo;
  /** Opens the database only once the arguments are known to be good, and always closes it. */
  withSession<T>(work: (session: AdminSession) => Promise<T>): Promise<T>;
}

const EXIT = { ok: 0, failed: 1, refused: 2 } as const;

/** Parses a command-line id ("12") or order ("-3"); anything else is refused before anything runs. */
export function wholeNumber(what: string, { positive }: { positive: boolean }) {
  return (text: string): number => {
    const pattern = positive ? /^[1-9]\d*$/ : /^-?\d+$/;
    const value = Number(text);
    if (!pattern.test(text.trim()) || !Number.isSafeInteger(value)) {
      throw new InvalidArgumentError(
        `${what} must be ${positive ? 'a positive whole number' : 'a whole number'}.`,
      );
    }
    return value;
  };
}

const MORE_HELP = `
Examples:
  npm run admin -- guides list
  npm run admin -- guides add --name "Ada Lovelace" --title "Analyst" --image ./ada.png --order 2
  npm run admin -- guides deactivate 8
  npm run -s admin -- signups export --format csv > signups.csv
  npm run admin -- signups erase ada@example.com
  npm run admin -- outbox retry --dead

Where it works: DATABASE_URL if set (PostgreSQL, e.g. a Supabase database), else the PGlite database in
DATA_DIR (default .data), through the running server when there is one. Pictures go to DATA_DIR/storage/guides,
or to Supabase Storage when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set.

Exit codes: 0 done; 2 refused because of the arguments (nothing changed); 1 failed.`;

function buildProgram(context: AdminContext): Command {
  const program = new Command('npm run admin --')
    .description(
      "The owner's tool: guides, sign-ups and the e-mail outbox, on DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL).\n" +
        "Run as `npm run admin -- <command>`; `npm run -s admin -- …` keeps npm's own lines out of a redirect.",
    )
    .exitOverride()
    .configureOutput({
      writeOut: (text) => context.io.stdout(text),
      writeErr: (text) => context.io.stderr(text),
    })
    .showHelpAfterError('(add --help for usage)')
    .helpCommand(true)
    .addHelpText('after', MORE_HELP);
  guidesCommands(program, context);
  signupsCommands(program, context);
  outboxCommands(program, context);
  return program;
}

/**
 * Runs one admin command and returns its exit code: 0 done, 2 refused because of the arguments (usage,
 * a bad value, an unknown id; nothing changed), 1 failed (database, server or storage unreachable).
 */
export async function runAdmin(
  argv: readonly string[],
  deps: { io: AdminIo; openSession: () => Promise<AdminSession> },
): Promise<number> {
  const context: AdminContext = {
    io: deps.io,
    async withSession(work) {
      const session = await deps.openSession();
      try {
        return await work(session);
      } finally {
        await session.close();
      }
    },
  };
  const program = buildProgram(context);
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version end this way too, with exit code 0; their text is already written.
      return error.exitCode === 0 ? EXIT.ok : EXIT.refused;
    }
    if (error instanceof AdminError) {
      deps.io.stderr(`Error: ${error.message}\n`);
      return EXIT.refused;
    }
    deps.io.stderr(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
}
