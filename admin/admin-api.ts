import { z } from 'zod';

/** What the owner's tool can do on the database; every input is parsed by the schemas below first. */
export interface AdminApi {
  listGuides(): Promise<GuideRow[]>;
  addGuide(input: AddGuideInput): Promise<GuideRow>;
  updateGuide(input: UpdateGuideInput): Promise<GuideRow>;
  removeGuide(input: GuideIdInput): Promise<GuideRow>;
  listSignups(input: ListSignupsInput): Promise<SignupRow[]>;
  countSignups(): Promise<SignupCount>;
  eraseSignup(input: EraseSignupInput): Promise<Erasure>;
  outboxStatus(): Promise<OutboxStatus>;
  retryOutbox(input: RetryOutboxInput): Promise<RetryResult>;
}

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

const INT4_MAX = 2_147_483_647;

const guideIdSchema = z
  .number({ error: 'must be a guide id (a whole number)' })
  .int('must be a guide id (a whole number)')
  .min(1, 'must be a guide id (a whole number)')
  .max(Number.MAX_SAFE_INTEGER, 'must be a guide id (a whole number)');

const orderSchema = z
  .number({ error: 'must be a whole number' })
  .int('must be a whole number')
  .min(-INT4_MAX, 'is too small')
  .max(INT4_MAX, 'is too large');

const nameSchema = z.string().trim().min(1, 'must not be empty').max(120, 'must be at most 120 characters');
const titleSchema = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');
/** A blank quote means "no quote". */
const quoteSchema = z
  .string()
  .trim()
  .max(600, 'must be at most 600 characters')
  .transform((quote) => (quote === '' ? null : quote))
  .nullable();

/** A full http(s) address (used as is) or a path inside the public bucket "guides" (spec §3). */
export const imageUrlSchema = z
  .string()
  .max(2000, 'must be at most 2000 characters')
  .refine(
    (value) =>
      /^https?:\/\/[^\s/]+\S*$/i.test(value) ||
      (/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(value) &&
        !value.split('/').some((part) => /^\.+$/.test(part))),
    'must be an http(s) address or a path in the guides bucket',
  )
  .nullable();

export const addGuideInput = z.object({
  name: nameSchema,
  title: titleSchema,
  quote: quoteSchema.optional(),
  image_url: imageUrlSchema.optional(),
  order_index: orderSchema.optional(),
  is_active: z.boolean().default(true),
});
type AddGuideInput = z.input<typeof addGuideInput>;

export const updateGuideInput = z
  .object({
    id: guideIdSchema,
    name: nameSchema.optional(),
    title: titleSchema.optional(),
    quote: quoteSchema.optional(),
    image_url: imageUrlSchema.optional(),
    order_index: orderSchema.optional(),
    is_active: z.boolean().optional(),
  })
  .refine((input) => Object.entries(input).some(([key, value]) => key !== 'id' && value !== undefined), {
    message: 'Nothing to change: give at least one field to update (see --help).',
  });
type UpdateGuideInput = z.input<typeof updateGuideInput>;

export const guideIdInput = z.object({ id: guideIdSchema });
type GuideIdInput = z.input<typeof guideIdInput>;

export const guideRow = z.object({
  id: z.coerce.number(),
  name: z.string(),
  title: z.string(),
  quote: z.string().nullable(),
  image_url: z.string().nullable(),
  order_index: z.number(),
  is_active: z.boolean(),
  created_at: z.coerce.date(),
});
export type GuideRow = z.output<typeof guideRow>;

export const listSignupsInput = z.object({ since: z.coerce.date().optional() });
type ListSignupsInput = z.input<typeof listSignupsInput>;

export const eraseSignupInput = z.object({
  email: z.string().trim().min(3, 'must be an e-mail address').max(320, 'must be an e-mail address'),
});
type EraseSignupInput = z.input<typeof eraseSignupInput>;

export const retryOutboxInput = z.union([
  z.object({ id: z.number().int().min(1, 'must be an outbox id (a whole number)') }),
  z.object({ dead: z.literal(true) }),
]);
type RetryOutboxInput = z.input<typeof retryOutboxInput>;

export const signupRow = z.object({
  id: z.coerce.number(),
  email: z.string(),
  name: z.string(),
  consent_version: z.string(),
  source: z.string(),
  first_signed_up_at: z.coerce.date(),
  last_signed_up_at: z.coerce.date(),
  signup_count: z.number(),
  unsubscribed: z.boolean(),
});
export type SignupRow = z.output<typeof signupRow>;

export const signupCount = z.object({ total: z.number(), unsubscribed: z.number() });
type SignupCount = z.output<typeof signupCount>;

/** What `signups erase` deleted: sign-up rows, outbox rows, course accounts (auth users) and their progress rows. */
export const erasure = z.object({
  signups: z.number(),
  outbox: z.number(),
  accounts: z.number(),
  progress: z.number(),
});
type Erasure = z.output<typeof erasure>;

export const outboxStatus = z.object({
  counts: z.array(z.object({ status: z.string(), count: z.number() })),
  oldest_due: z.coerce.date().nullable(),
  dead: z.array(
    z.object({
      id: z.coerce.number(),
      recipient: z.string(),
      attempts: z.number(),
      last_error: z.string().nullable(),
      created_at: z.coerce.date(),
    }),
  ),
  /** Providers that asked every sender to wait (a 429, an exhausted quota), until when and why. */
  paused: z.array(z.object({ provider: z.string(), until: z.coerce.date(), reason: z.string().nullable() })),
});
type OutboxStatus = z.output<typeof outboxStatus>;

export const retryResult = z.object({ ids: z.array(z.coerce.number()) });
type RetryResult = z.output<typeof retryResult>;
