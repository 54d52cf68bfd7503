import { z } from 'zod';

// The portal's Content-Security-Policy allows no eval (issue 14 point 6). Zod compiles object parsers
// with `new Function` when it may, and probing for that alone is reported as a CSP violation; jitless
// parses the same without it. Imported first by main.tsx, before any schema is built.
z.config({ jitless: true });
