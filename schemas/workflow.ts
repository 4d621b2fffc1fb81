/**
 * The zod schema of a workflow (workflows/<slug>.json): a whole job made of
 * existing tools run one after another, each on the previous step's results.
 * This checks the file's shape; src/engine/workflow.ts checks it against the
 * tools (that they exist, their options, that each step takes the previous
 * one's files). `npm run schema` turns it into workflow.schema.json.
 */
import { z } from 'zod';

const slugSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/);

export const workflowStepSchema = z
  .object({
    tool: slugSchema.describe('Slug of the tool this step runs (manifests/<category>/<slug>.json)'),
    options: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .default({})
      .describe("Values for the tool's option fields; a field left out takes the tool's default"),
    ask: z
      .array(z.string())
      .default([])
      .describe(
        'Option fields the visitor sets when running the workflow (a password, the language of a scan), starting from the value above or the default; they are checked then, not here',
      ),
  })
  .strict();

export const workflowSchema = z
  .object({
    $schema: z.string().optional(),
    slug: slugSchema.describe('The file name without .json'),
    title: z.string().min(1),
    description: z.string().min(1),
    icon: z.string().describe('lucide-react icon name, PascalCase'),
    features: z.array(z.string()).length(4),
    steps: z
      .array(workflowStepSchema)
      .min(2)
      .describe("The tools in order; each runs on the previous step's results and must accept their type"),
  })
  .strict();

export type Workflow = z.output<typeof workflowSchema>;
export type WorkflowStep = z.output<typeof workflowStepSchema>;
