import { z } from 'zod';
import type { Sql } from '../../db/database.ts';
import { quote, type SelectStatement } from './build-select.ts';
import { PostgrestError } from './postgrest-error.ts';

/**
 * PostgREST's remote procedure calls as supabase-js sends them (`rpc(name, args)`: POST /rpc/<name> with the
 * arguments as one JSON object), translated into one parameterised statement. The function and its arguments'
 * names and types come only from the catalog; the arguments travel as one JSON parameter that the database
 * turns into typed values (`json_to_record`, as PostgREST does), so it also checks every value. Whether the
 * caller may run the function is the database's own EXECUTE privilege, checked as the caller's role.
 */
export interface PublicFunction {
  name: string;
  /** The arguments in declared order, each with its SQL type. */
  args: { name: string; type: string }[];
  /** How many of the last arguments have defaults and may be left out. */
  defaults: number;
  returnsSet: boolean;
  returnsVoid: boolean;
}

export interface RpcStatement extends SelectStatement {
  /** A void function answers 204 with no body, as PostgREST does. */
  returnsVoid: boolean;
}

/** The functions of schema `public` with only named input arguments: the only ones an RPC may name. */
export async function loadFunctions(db: Sql): Promise<PublicFunction[]> {
  const rows = await db.query<{
    name: string;
    arg_names: string[] | null;
    arg_types: string[];
    defaults: number;
    returns_set: boolean;
    return_type: string;
  }>(
    `select p.proname as name, p.proargnames as arg_names,
            array(select format_type(t.oid, null) from unnest(p.proargtypes::oid[]) with ordinality as t(oid, n)
                   order by t.n) as arg_types,
            p.pronargdefaults::int as defaults, p.proretset as returns_set,
            format_type(p.prorettype, null) as return_type
       from pg_catalog.pg_proc p
       join pg_catalog.pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prokind = 'f' and p.proargmodes is null
        and format_type(p.prorettype, null) <> 'trigger'`,
  );
  return rows
    .filter((row) => row.arg_types.length === 0 || row.arg_names?.length === row.arg_types.length)
    .map((row) => ({
      name: row.name,
      args: row.arg_types.map((type, index) => ({ name: row.arg_names?.[index] ?? '', type })),
      defaults: row.defaults,
      returnsSet: row.returns_set,
      returnsVoid: row.return_type === 'void',
    }));
}

const rpcArguments = z.record(z.string(), z.json());

/** The function of that name whose arguments the call names: all it requires, and none it does not have. */
function matchingFunction(functions: readonly PublicFunction[], name: string, given: string[]) {
  return functions.find((candidate) => {
    if (candidate.name !== name) return false;
    const names = candidate.args.map((arg) => arg.name);
    const required = names.slice(0, names.length - candidate.defaults);
    return given.every((key) => names.includes(key)) && required.every((key) => given.includes(key));
  });
}

export function buildRpc(functions: readonly PublicFunction[], name: string, body: unknown): RpcStatement {
  const parsed = rpcArguments.safeParse(body ?? {});
  if (!parsed.success) throw new PostgrestError(400, 'PGRST102', 'The arguments must be one JSON object');
  const given = Object.keys(parsed.data);
  const fn = matchingFunction(functions, name, given);
  if (!fn) {
    throw new PostgrestError(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${given.join(', ')}) in the schema cache`,
    );
  }
  const args = fn.args.filter((arg) => given.includes(arg.name));
  const call = `public.${quote(fn.name)}(${args.map((arg) => `${quote(arg.name)} => _.${quote(arg.name)}`).join(', ')})`;
  const record =
    args.length === 0
      ? '(select) _'
      : `json_to_record($1::json) as _(${args.map((arg) => `${quote(arg.name)} ${arg.type}`).join(', ')})`;
  const text = fn.returnsVoid
    ? `select ${call} from ${record}`
    : fn.returnsSet
      ? `select coalesce(json_agg(r), '[]')::text as body from ${record}, lateral ${call} r`
      : `select to_json(${call})::text as body from ${record}`;
  return {
    text,
    params: args.length === 0 ? [] : [JSON.stringify(parsed.data)],
    returnsVoid: fn.returnsVoid,
  };
}
