// The send-email Edge Function: Deno.serve over the shared sign-up core (see send-email-function.ts).
import { createSendEmailFunction } from './send-email-function.ts';

Deno.serve(createSendEmailFunction(Deno.env));
