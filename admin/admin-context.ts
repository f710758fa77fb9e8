import { InvalidArgumentError } from 'commander';
import type { AdminSession } from './admin-session.ts';
import type { ErasureHasher } from './erasures.ts';
import type { VideoTools } from '../server/src/lessons/lessons-door.ts';

/** Everything a command touches outside itself, so tests run the real program in-process. */
export interface AdminIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Asks on stderr and reads one line; false on anything but y/yes, and on end of input. */
  confirm(question: string): Promise<boolean>;
  /** Writes a new file (never overwrites one), readable by the owner only: exports hold personal data. */
  writeNewFile(file: string, content: string): Promise<void>;
}

/** Where a person's data lives outside the database: the file mailbox, and the server's log lines. */
export interface PersonalDataPlaces {
  /** Deletes the .eml files in DATA_DIR/mail addressed to `address` (any capitalisation); how many went. */
  eraseMail(address: string): Promise<number>;
  /** The keyed hash that stands for `address` in the server's log lines. */
  logToken(address: string): Promise<string>;
  /** What an erasure is recorded with (the log-hash key's), or nothing while there is no key yet. */
  erasureHasher(): Promise<ErasureHasher | undefined>;
}

/** What the program hands each command group. */
export interface AdminContext {
  io: AdminIo;
  places: PersonalDataPlaces;
  /** Looked up only when a video is added: finding (or installing) ffmpeg takes time. */
  videoTools(): VideoTools;
  /** Opens the database only once the arguments are known to be good, and always closes it. */
  withSession<T>(work: (session: AdminSession) => Promise<T>): Promise<T>;
}

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
