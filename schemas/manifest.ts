/**
 * The zod schema of a tool manifest: the single source of truth for what a
 * manifest may say. `npm run schema` turns it into tool-manifest.schema.json
 * so manifest authors get completion; a test fails when that file is stale.
 */
import { z } from 'zod';

const json = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** A condition over option values and the chosen files; data, never code. */
export type Condition =
  | {
      option: string;
      equals?: z.infer<typeof json>;
      notEquals?: z.infer<typeof json>;
      in?: z.infer<typeof json>[];
      blank?: boolean;
      shorterThan?: number;
    }
  | { fileCount: { min?: number; max?: number } }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export const conditionSchema: z.ZodType<Condition> = z.lazy(() =>
  z.union([
    z
      .object({
        option: z.string().describe('Name of the option field whose value is tested'),
        equals: json.optional(),
        notEquals: json.optional(),
        in: z.array(json).optional(),
        blank: z.boolean().optional().describe('true: the value is empty or whitespace; false: it is not'),
        shorterThan: z.number().int().optional().describe('The value has fewer characters than this'),
      })
      .strict(),
    z
      .object({
        fileCount: z
          .object({ min: z.number().int().optional(), max: z.number().int().optional() })
          .strict()
          .describe('True when the number of chosen files is within [min, max]'),
      })
      .strict(),
    z.object({ all: z.array(conditionSchema) }).strict(),
    z.object({ any: z.array(conditionSchema) }).strict(),
    z.object({ not: conditionSchema }).strict(),
  ]),
);

/**
 * A number computed from option values and file facts, as a JSON tree, so it
 * can be evaluated without `eval`. Example: `{ "mul": [0.7, { "option": "quality" }, 0.01] }`.
 */
export type Expr =
  | number
  | { option: string }
  | { fact: 'fileCount' | 'totalBytes' | 'inputBytes' | 'outputBytes' }
  | { add: Expr[] }
  | { sub: Expr[] }
  | { mul: Expr[] }
  | { div: Expr[] }
  | { pow: Expr[] }
  | { min: Expr[] }
  | { max: Expr[] }
  | { lookup: string; values: Record<string, number> }
  | { if: Condition; then: Expr; else: Expr };

export const exprSchema: z.ZodType<Expr> = z.lazy(() =>
  z.union([
    z.number(),
    z.object({ option: z.string() }).strict(),
    z.object({ fact: z.enum(['fileCount', 'totalBytes', 'inputBytes', 'outputBytes']) }).strict().describe('inputBytes/outputBytes: the size of this result\'s own input and output (result facts only)'),
    z.object({ add: z.array(exprSchema).min(1) }).strict(),
    z.object({ sub: z.array(exprSchema).min(1) }).strict(),
    z.object({ mul: z.array(exprSchema).min(1) }).strict(),
    z.object({ div: z.array(exprSchema).min(1) }).strict(),
    z.object({ pow: z.array(exprSchema).length(2) }).strict(),
    z.object({ min: z.array(exprSchema).min(1) }).strict(),
    z.object({ max: z.array(exprSchema).min(1) }).strict(),
    z.object({ lookup: z.string(), values: z.record(z.string(), z.number()) }).strict(),
    z.object({ if: conditionSchema, then: exprSchema, else: exprSchema }).strict(),
  ]),
);

/** A text computed from options: a template ({option} tokens) or a branch on a condition. */
export type TextValue = string | { if: Condition; then: TextValue; else: TextValue };
export const textValueSchema: z.ZodType<TextValue> = z.lazy(() =>
  z.union([z.string(), z.object({ if: conditionSchema, then: textValueSchema, else: textValueSchema }).strict()]),
);

const choice = z.object({ value: z.string(), label: z.string() }).strict();

/** Sets a field's value when a condition becomes true (for example animate on with 2+ files). */
const valueRule = z
  .object({ when: conditionSchema, value: json })
  .strict()
  .describe('When the condition becomes true, the field takes this value');

const fieldBase = {
  name: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/).describe('Key of the option value; usable in the output name as {name}'),
  label: z.string(),
  help: z.string().optional(),
  visibleWhen: conditionSchema.optional().describe('The field is shown (and validated) only when this holds'),
  disabledWhen: conditionSchema.optional(),
  setWhen: z.array(valueRule).optional(),
  invalidMessage: z.string().optional().describe('Error toast shown when the value is invalid on run'),
  resetOnFiles: z.boolean().optional().describe('Return to the default whenever new files are chosen'),
};

export const fieldSchema = z.discriminatedUnion('type', [
  z.object({ ...fieldBase, type: z.literal('select'), choices: z.array(choice).min(1), default: z.string() }).strict(),
  z.object({ ...fieldBase, type: z.literal('radio'), choices: z.array(choice).min(1), default: z.string() }).strict(),
  z
    .object({
      ...fieldBase,
      type: z.literal('slider'),
      min: z.number(),
      max: z.number(),
      step: z.number().positive(),
      default: z.number(),
      unit: z.string().optional(),
    })
    .strict(),
  z
    .object({
      ...fieldBase,
      type: z.literal('number'),
      min: z.number().optional(),
      max: z.number().optional(),
      maxFrom: z.string().optional().describe('Name of a runtime fact giving the maximum, such as pageCount'),
      step: z.number().positive().optional(),
      integer: z.boolean().optional(),
      default: z.number(),
      unit: z.string().optional(),
    })
    .strict(),
  z.object({ ...fieldBase, type: z.literal('toggle'), default: z.boolean() }).strict(),
  z
    .object({
      ...fieldBase,
      type: z.literal('text'),
      default: z.string(),
      placeholder: z.string().optional(),
      required: z.boolean().optional(),
      requiredWhenReal: z
        .boolean()
        .optional()
        .describe('false: `required` holds in demo mode only; a real run takes a blank value and its processor says when one is needed'),
      requiredMessage: z.string().optional().describe('Error when the value is blank (else invalidMessage)'),
      minLength: z.number().int().optional(),
      minLengthMessage: z.string().optional().describe('Error when the value is shorter than minLength (else invalidMessage)'),
      maxLength: z.number().int().optional(),
      password: z.boolean().optional(),
    })
    .strict(),
  z
    .object({
      ...fieldBase,
      type: z.literal('textarea'),
      default: z.string(),
      placeholder: z.string().optional(),
      required: z.boolean().optional(),
      requiredMessage: z.string().optional().describe('Error when the value is blank (else invalidMessage)'),
      rows: z.number().int().positive().optional(),
    })
    .strict(),
  z.object({ ...fieldBase, type: z.literal('color'), default: z.string().regex(/^#[0-9a-fA-F]{6}$/) }).strict(),
  z
    .object({
      ...fieldBase,
      type: z.literal('image'),
      default: z.literal('').describe('No image is chosen at first'),
      accept: z
        .record(z.enum(['image/png', 'image/jpeg']), z.array(z.string().regex(/^\.[a-z0-9]+$/)))
        .describe('The image types the field takes, MIME type -> extensions (PNG and JPEG, which PDFs embed as they are)'),
      maxBytes: z.number().int().positive().describe('The largest image file the field takes'),
      required: z.boolean().optional(),
      requiredMessage: z.string().optional().describe('Error when no image is chosen (else invalidMessage)'),
    })
    .strict()
    .describe(
      'An image file chosen beside the tool\'s files (a logo, a stamp). Its value is a data URL carrying the file\'s name and bytes (data:image/png;name=logo.png;base64,...), "" when none; on the command line, a path',
    ),
]);

const delaySchema = z.union([
  z.number().int().nonnegative().describe('Fixed delay in ms'),
  z
    .object({ base: z.number().int().nonnegative(), perFile: z.number().int().nonnegative() })
    .strict()
    .describe('base + perFile x number of files, in ms'),
  z.object({ if: conditionSchema, then: z.lazy(() => delaySchema), else: z.lazy(() => delaySchema) }).strict(),
]) as z.ZodType<Delay>;
export type Delay = number | { base: number; perFile: number } | { if: Condition; then: Delay; else: Delay };

const sizeFactorSchema = z.union([
  z.number().nonnegative(),
  z.object({ byOption: z.string(), values: z.record(z.string(), z.number().nonnegative()) }).strict(),
  z.object({ formula: exprSchema }).strict(),
]);

export const simulationSchema = z
  .object({
    delayMs: delaySchema,
    sizeFactor: sizeFactorSchema.describe('Placeholder size = factor x input size (per file, or of the total when combined)'),
    outputs: z
      .union([
        z.enum(['each', 'combined']),
        z.object({ randomParts: z.object({ min: z.number().int().positive(), max: z.number().int().positive() }).strict() }).strict(),
      ])
      .default('each')
      .describe('each: one result per input; combined: one result from all inputs; randomParts: a random number of parts from one input'),
    outputType: z.string().optional().describe('MIME type of the placeholder'),
    meta: z
      .record(z.string(), z.union([exprSchema, textValueSchema]))
      .optional()
      .describe('Facts shown on each demo result card, computed from options and files (pageCount, compressionRatio ...)'),
    success: z.string().describe('Demo success message, verbatim (carries the "(Mock)" suffix); {n} is the result count, {files} the input count'),
    successTitle: z.string().default('Success'),
  })
  .strict();

/** A react-dropzone style map of MIME types to extensions, for what a tool takes and what it makes. */
export const fileTypesSchema = z.record(z.string().regex(/^[a-z]+\/[\w.+-]+$|^[a-z]+\/\*$/), z.array(z.string().regex(/^\.[a-z0-9]+$/)));

export const manifestSchema = z
  .object({
    $schema: z.string().optional(),
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    category: z.enum(['pdf', 'image', 'audio', 'text', 'file']),
    order: z.number().int().nonnegative().describe('Position within its category in the catalogue'),
    listed: z.boolean().default(true).describe('false: reachable by URL only, not in the catalogue'),
    title: z.string().min(1),
    description: z.string().min(1),
    icon: z.string().describe('lucide-react icon name, PascalCase'),
    features: z.array(z.string()).length(4),
    howTo: z.array(z.string()).min(1),
    badge: z.string().optional().describe('Short marker shown beside the title, such as Beta'),
    note: z.string().optional().describe('An extra note box on the tool page'),
    accept: fileTypesSchema.describe('react-dropzone accept map: MIME type -> extensions'),
    produces: fileTypesSchema.describe(
      'What the tool makes, real or simulated, in the accept map\'s shape: every type its naming rules can give. A workflow step may follow another only if it accepts one of these',
    ),
    limits: z
      .object({
        maxFiles: z.number().int().positive().default(1),
        maxBytes: z.number().int().positive().default(10485760),
        minFiles: z
          .number()
          .int()
          .nonnegative()
          .default(1)
          .describe('0: the tool works from its text fields alone (the drop zone is optional or absent)'),
        appendFiles: z.boolean().default(false).describe('New drops are appended to the list (cut to maxFiles) instead of replacing it'),
        reorder: z.boolean().default(false).describe('Files can be moved up/down/removed'),
      })
      .strict(),
    options: z.array(fieldSchema).default([]),
    action: z
      .object({
        label: z.string(),
        busyLabel: z.string(),
        disabledWhen: conditionSchema.optional().describe('The action button is disabled while this holds'),
      })
      .strict(),
    checks: z
      .array(
        z
          .object({
            when: conditionSchema,
            message: z.string(),
            title: z.string().default('Error'),
          })
          .strict(),
      )
      .default([])
      .describe('Checked in order before a run: the first that holds stops the run with its message (an Error toast)'),
    output: z
      .object({
        name: z.string().describe('Template: {name} {base} {ext} {timestamp} {n} and any option name'),
        variants: z
          .array(z.object({ when: conditionSchema, name: z.string() }).strict())
          .optional()
          .describe('Other naming templates, the first whose condition holds wins'),
        type: z.string().optional().describe('MIME type of the real output when it does not come from the processor'),
      })
      .strict(),
    messages: z
      .object({
        noFile: z.string(),
        tooFewFiles: z.string().optional(),
        downloadFirst: z.string(),
        success: z.string().describe('Real success message; {n} result count, {files} input count'),
        successTitle: z.string().default('Success'),
        downloadAllDemo: z.string().default('Mock download all would create a ZIP here.'),
        downloadAllDemoTitle: z.string().default('Info'),
        missingResult: z.string().default('File not available for download.'),
      })
      .catchall(z.string())
      .describe('Every user-facing message of the tool, verbatim'),
    simulation: simulationSchema,
    processor: z.string().optional().describe('Name of src/processors/<name>.ts; absent: the tool runs its simulation'),
    processorSettings: z
      .record(z.string(), z.union([z.string(), z.number(), z.boolean()]))
      .optional()
      .describe('Fixed settings for a family processor shared by several tools (for example the output format), merged into the options'),
    worksInPage: z
      .boolean()
      .default(false)
      .describe('The page itself does the real work (no file processing to simulate), so it says nothing leaves the device'),
    view: z.string().optional().describe('Name of src/views/<name>.tsx, an escape hatch for a bespoke page'),
    pageInput: z
      .string()
      .optional()
      .describe('What the visitor must give on the tool page besides the option fields (a crop box, a signature ...); a workflow, which passes options only, cannot run such a tool'),
    preview: z
      .enum(['pdf-pages'])
      .optional()
      .describe('pdf-pages: thumbnails of the chosen PDF, and its page count as the fact pageCount'),
    resultPreview: z
      .enum(['compare'])
      .optional()
      .describe('compare: an image result made from one input is shown over that input with a before/after slider'),
  })
  .strict();

export type ToolManifest = z.output<typeof manifestSchema>;
export type ManifestInput = z.input<typeof manifestSchema>;
export type Field = z.output<typeof fieldSchema>;
export type Simulation = z.output<typeof simulationSchema>;
/** Values of manifest fields are primitives; bespoke views may pass structured values (page order, crop box). */
export type OptionValue = string | number | boolean | null | OptionValue[] | { [key: string]: OptionValue };
export type OptionValues = Record<string, OptionValue>;
export type FileTypes = z.output<typeof fileTypesSchema>;
