import { Command, CommanderError } from 'commander';
import type { VideoTools } from '../server/src/lessons/lessons-door.ts';
import type { AdminContext, AdminIo, PersonalDataPlaces } from './admin-context.ts';
import { AdminError } from './admin-error.ts';
import type { AdminSession } from './admin-session.ts';
import { backupCommands } from './commands/backup-commands.ts';
import { dbCopyCommands } from './commands/db-copy.ts';
import { guidesCommands } from './commands/guides-commands.ts';
import { lessonsCommands } from './commands/lessons-commands.ts';
import { outboxCommands } from './commands/outbox-commands.ts';
import { ownersCommands } from './commands/owners-commands.ts';
import { signupsCommands } from './commands/signups-commands.ts';
import { statsCommands } from './commands/stats-commands.ts';

const EXIT = { ok: 0, failed: 1, refused: 2 } as const;

const MORE_HELP = `
Examples:
  npm run admin -- guides list
  npm run admin -- guides add --name "Ada Lovelace" --title "Analyst" --image ./ada.png --order 2
  npm run admin -- guides deactivate 8
  npm run admin -- lessons list
  npm run admin -- lessons add --title "Lens one: trends" --summary "Spot what changes." --video ./trends.mp4 \\
    --captions ./trends.vtt --poster ./trends.webp --order 2 --publish
  npm run admin -- lessons update the-trends-lens --video ./trends-v2.mp4
  npm run admin -- lessons move the-trends-lens --to 1
  npm run admin -- lessons unpublish 3
  npm run -s admin -- signups export --format csv > signups.csv
  npm run admin -- signups erase ada@example.com
  npm run admin -- signups find-logs ada@example.com
  npm run admin -- outbox retry --dead
  npm run admin -- stats --since 2026-11-01 --format html --output funnel.html
  npm run admin -- backup --output lenses.jsonl.gz
  DATA_DIR=/srv/lenses-restored npm run admin -- restore lenses.jsonl.gz
  npm run admin -- db copy --to postgresql://user:password@db.example:5432/lenses

Where it works: DATABASE_URL if set (PostgreSQL, e.g. a Supabase database), else the PGlite database in
DATA_DIR (default .data), through the running server when there is one. Pictures go to DATA_DIR/storage/guides
and lesson files to DATA_DIR/storage/course, or to Supabase Storage's buckets "guides" and "course" when
SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set.

Exit codes: 0 done; 2 refused because of the arguments (nothing changed); 1 failed.`;

function buildProgram(context: AdminContext): Command {
  const program = new Command('npm run admin --')
    .description(
      "The owner's tool: guides, lessons, sign-ups, the e-mail outbox and the studio's owners, on DATA_DIR (PGlite) or DATABASE_URL (PostgreSQL).\n" +
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
  lessonsCommands(program, context);
  signupsCommands(program, context);
  outboxCommands(program, context);
  ownersCommands(program, context);
  statsCommands(program, context);
  backupCommands(program, context);
  dbCopyCommands(program, context);
  return program;
}

/**
 * Runs one admin command and returns its exit code: 0 done, 2 refused because of the arguments (usage,
 * a bad value, an unknown id; nothing changed), 1 failed (database, server or storage unreachable).
 */
export async function runAdmin(
  argv: readonly string[],
  deps: {
    io: AdminIo;
    places: PersonalDataPlaces;
    videoTools: () => VideoTools;
    openSession: () => Promise<AdminSession>;
  },
): Promise<number> {
  const context: AdminContext = {
    io: deps.io,
    places: deps.places,
    videoTools: deps.videoTools,
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
