import { writeFileSync } from 'node:fs';
import { manifestJsonSchemaText } from '../schemas/json-schema';

writeFileSync(new URL('../schemas/tool-manifest.schema.json', import.meta.url), manifestJsonSchemaText());
console.log('wrote schemas/tool-manifest.schema.json');
