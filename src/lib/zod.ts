/** zod for the browser: every module that parses with zod imports it from here, so the setting below holds first. */
import { z } from 'zod/mini';

// zod compiles object parsers with `new Function` unless told not to; the page's CSP forbids eval.
z.config({ jitless: true });

export { z };
