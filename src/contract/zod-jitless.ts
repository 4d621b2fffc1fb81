/**
 * zod compiles fast object parsers with `new Function` after probing whether
 * eval is allowed. The site's Content-Security-Policy forbids eval, so the
 * probe would be reported as a violation on every tool page: parse without
 * code generation instead. Imported before zod by every module that parses
 * with it in the browser (options.ts, and the lib modules views use).
 */
import { config } from 'zod';

config({ jitless: true });
