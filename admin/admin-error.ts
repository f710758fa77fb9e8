// The owner's tool's refusals, and the two ways an error becomes one the owner can act on.
import type { z } from 'zod';
import { sqlState } from '../server/src/db/index.ts';

/** A refusal caused by what the owner asked for: the tool exits with code 2 and nothing has changed. */
export class AdminError extends Error {
  constructor(
    readonly kind: 'invalid' | 'not-found',
    message: string,
  ) {
    super(message);
    this.name = 'AdminError';
  }
}

/** One line per problem, naming the field, e.g. "name: must be 1 to 120 characters". */
function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('\n');
}

/** Parses an input, turning a schema failure into an AdminError the owner can act on. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AdminError('invalid', describeIssues(parsed.error));
  return parsed.data;
}

/** Turns "relation does not exist" into advice: the tool never changes a PostgreSQL schema on its own. */
export async function withSchemaAdvice<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (sqlState(error) === '42P01') {
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}: this database lacks the project's tables. ` +
          'Apply the migrations first: start the server once on it, or run `supabase db push` for hosted Supabase.',
        { cause: error },
      );
    }
    throw error;
  }
}
