/** Validates every manifest against the schema and prints problems; exits 1 on any. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { manifestSchema } from '../schemas/manifest';

const root = new URL('../manifests/', import.meta.url).pathname;
let problems = 0;
let count = 0;
for (const category of readdirSync(root)) {
  for (const file of readdirSync(join(root, category)).filter((f) => f.endsWith('.json'))) {
    count++;
    const result = manifestSchema.safeParse(JSON.parse(readFileSync(join(root, category, file), 'utf8')));
    if (!result.success) {
      problems++;
      console.log(`${category}/${file}: ${result.error.message}`);
    } else if (result.data.slug !== file.replace(/\.json$/, '') || result.data.category !== category) {
      problems++;
      console.log(`${category}/${file}: slug or category does not match its path`);
    }
  }
}
console.log(`${count} manifests, ${problems} with problems`);
process.exit(problems ? 1 : 0);
