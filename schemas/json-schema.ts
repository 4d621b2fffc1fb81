import { z } from 'zod';
import { manifestSchema } from './manifest';
import { workflowSchema } from './workflow';

/** The JSON Schema text committed as schemas/tool-manifest.schema.json. */
export function manifestJsonSchemaText(): string {
  const schema = z.toJSONSchema(manifestSchema, { io: 'input', unrepresentable: 'any' });
  return JSON.stringify({ ...schema, title: 'FileDesk tool manifest' }, null, 2) + '\n';
}

/** The JSON Schema text committed as schemas/workflow.schema.json. */
export function workflowJsonSchemaText(): string {
  const schema = z.toJSONSchema(workflowSchema, { io: 'input', unrepresentable: 'any' });
  return JSON.stringify({ ...schema, title: 'FileDesk workflow' }, null, 2) + '\n';
}
