/**
 * zod compiles fast object parsers with `new Function` after probing whether
 * eval is allowed. The site's Content-Security-Policy forbids eval, so the
 * probe would be reported as a violation on every tool page: parse without
 * code generation instead. Imported first by the tool route.
 */
import { config } from 'zod';

config({ jitless: true });
