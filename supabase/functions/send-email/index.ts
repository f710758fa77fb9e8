// The send-email Edge Function: Deno.serve over the shared sign-up core (see edge-app.ts).
import { createEdgeApp } from './edge-app.ts';

Deno.serve(createEdgeApp(Deno.env));
