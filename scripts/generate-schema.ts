import { writeFileSync } from 'node:fs';
import { manifestJsonSchemaText, workflowJsonSchemaText } from '../schemas/json-schema';

writeFileSync(new URL('../schemas/tool-manifest.schema.json', import.meta.url), manifestJsonSchemaText());
console.log('wrote schemas/tool-manifest.schema.json');
writeFileSync(new URL('../schemas/workflow.schema.json', import.meta.url), workflowJsonSchemaText());
console.log('wrote schemas/workflow.schema.json');
