/** The small SQL port the runtime-neutral code talks to: PGlite, node-postgres and Deno's Postgres driver all fit it. */
export interface Sql {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SqlDatabase extends Sql {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Sql) => Promise<T>): Promise<T>;
}
