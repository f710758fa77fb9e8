import type { ChildProcess } from 'node:child_process';

export function freePort(host?: string): Promise<number>;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Everything it has printed so far, stdout and stderr. */
  output(): string;
  /** Sends the signal (SIGTERM by default) unless it has exited, and resolves with its exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function spawnServer(options?: {
  /**
   * Relative to `cwd`; a `.ts` file runs under tsx. Default: the server as `npm start` runs it
   * (server/dist/index.mjs, compiled at this module's first start).
   */
  script?: string;
  /** The Node.js binary that runs it. Default: this process's. */
  node?: string;
  nodeArgs?: string[];
  env?: Record<string, string>;
  cwd?: string;
  timeoutMs?: number;
  /** Hears everything the server has printed so far, each time it prints more. */
  onOutput?: (output: string) => void;
  /** Keep an empty DATA_DIR empty even when the run has a data folder template: the test is of a first start. */
  firstStart?: boolean;
}): Promise<ServerProcess>;

/**
 * Makes the data folder a first start leaves and names it in TEST_DATA_TEMPLATE for this process and its children
 * (spawnServer seeds an empty DATA_DIR from it); answers how to remove it.
 */
export function makeDataTemplate(): Promise<() => void>;
