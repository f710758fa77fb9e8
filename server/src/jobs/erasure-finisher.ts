// The embedded server's side of the studio's erase: the studio's SQL function deletes the rows at once, and this
// clock finishes, within seconds, what only the server can do (the keyed hash record, the .eml files, compaction).
import type { Log } from '../../../supabase/functions/_shared/log.ts';
import type { Database } from '../db/database.ts';
import { type ErasureHasher, finishErasures } from '../db/erasures.ts';
import { eraseMailTo } from '../outbox/transports/file-mailbox-transport.ts';
import { startPeriodicPass } from './periodic-pass.ts';

export function startErasureFinisher(
  db: Database,
  log: Log,
  options: { hasher: ErasureHasher; mailFolder: string; intervalSeconds: number },
): { stop(): Promise<void> } {
  const pass = () =>
    finishErasures(db, {
      hasher: options.hasher,
      eraseMail: (address) => eraseMailTo(options.mailFolder, address),
    }).then(
      ({ finished, files, compaction }) => {
        if (finished === 0) return;
        log.info({
          event: 'erasures.finished',
          count: finished,
          files,
          not_compacted: compaction?.notOwned.length ?? 0,
        });
      },
      (error: unknown) =>
        log.error({
          event: 'erasures.finish_failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    );
  return startPeriodicPass(pass, options.intervalSeconds);
}
