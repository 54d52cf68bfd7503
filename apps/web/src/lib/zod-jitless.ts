import { config } from 'zod/v4/core';

// The portal's Content-Security-Policy allows no eval (issue 14 point 6). Zod compiles object parsers
// with `new Function` when it may, and probing for that alone is reported as a CSP violation; jitless
// parses the same without it. Imported first by main.tsx, before any schema is built. `config` is the
// one `z.config` re-exports, taken from zod's core so that the sign-in route's first load does not carry
// Zod itself: the schemas load with the screens and answers that need them (bench/web-bundle.bench.ts).
config({ jitless: true });
