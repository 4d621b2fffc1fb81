/** Validates every manifest against the schema and its path and prints problems; exits 1 on any. */
import { manifestProblems } from '../src/manifests/parse.ts';
import { readManifestFiles } from '../src/manifests/read.ts';

const files = readManifestFiles();
let problems = 0;
for (const file of files) {
  const found = manifestProblems(file.path, file.raw);
  if (found.length) problems++;
  for (const problem of found) console.log(`${file.path}: ${problem}`);
}
console.log(`${files.length} manifests, ${problems} with problems`);
process.exit(problems ? 1 : 0);
