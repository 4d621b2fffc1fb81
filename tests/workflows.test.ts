/**
 * Workflows: every file in workflows/ is valid against the tools, with each
 * processor's own option schema too; broken workflows are refused with a
 * message that names the step; and the type rule that chains tools.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as lucide from 'lucide-react';
import type { ToolManifest } from '../schemas/manifest';
import { workflowJsonSchemaText } from '../schemas/json-schema';
import { RESERVED_WORKFLOW_SLUGS } from '../scripts/vite-catalogue';
import { allTools, toolBySlug } from './support/catalogue';
import { acceptsAny, canFollow, followers, producesWith } from '../src/core/chain';
import type { ProcessorModule } from '../src/contract/processor';
import { validateWorkflow } from '../src/core/workflow';
import { allWorkflows, workflowBySlug } from './support/workflow-catalogue';

const root = new URL('../workflows/', import.meta.url).pathname;
const files = readdirSync(root)
  .filter((f) => f.endsWith('.json'))
  .map((file) => ({ file, raw: JSON.parse(readFileSync(root + file, 'utf8')) as Record<string, unknown> }));

const modules = import.meta.glob<{ default: ProcessorModule }>(['../src/processors/*.ts', '!../src/processors/*.test.ts']);

/** The option schemas of the processors the workflows use, by processor name. */
async function processorOptions(): Promise<Map<string, z.ZodType>> {
  const names = new Set(files.flatMap((f) => (f.raw.steps as { tool: string }[]).map((s) => toolBySlug(s.tool)?.processor ?? '')));
  names.delete('');
  const schemas = new Map<string, z.ZodType>();
  for (const name of names) schemas.set(name, (await modules[`../src/processors/${name}.ts`]()).default.options);
  return schemas;
}

function tool(slug: string): ToolManifest {
  const manifest = toolBySlug(slug);
  if (!manifest) throw new Error(`No tool ${slug}`);
  return manifest;
}

/** A workflow around the given steps, valid in everything else. */
function workflow(steps: unknown[]) {
  return {
    slug: 'test-flow',
    title: 'Test',
    description: 'A workflow for tests.',
    icon: 'Files',
    features: ['a', 'b', 'c', 'd'],
    steps,
  };
}

function errorsOf(raw: unknown): string[] {
  const check = validateWorkflow(raw, allTools);
  return check.ok ? [] : check.errors;
}

describe('workflow files', () => {
  it('ships at least six workflows', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(allWorkflows).toHaveLength(files.length);
  });

  it.each(files.map((f) => [f.file, f] as const))('%s is valid against the tools and their processors', async (_, f) => {
    const check = validateWorkflow(f.raw, allTools, await processorOptions());
    expect(check.ok ? [] : check.errors).toEqual([]);
    expect(f.raw.slug).toBe(f.file.replace(/\.json$/, ''));
    expect(f.raw.$schema).toBe('../schemas/workflow.schema.json');
    expect((lucide as unknown as Record<string, unknown>)[f.raw.icon as string], String(f.raw.icon)).toBeDefined();
  });

  it('leaves the builder its address: no workflow is /workflows/new', () => {
    expect(RESERVED_WORKFLOW_SLUGS).toContain('new');
    for (const f of files) expect(RESERVED_WORKFLOW_SLUGS).not.toContain(f.raw.slug);
  });

  it('takes what its first step accepts and makes what its last step makes with its options', () => {
    const photos = workflowBySlug('heic-photos-to-compressed-pdf')!;
    expect(photos.accept).toEqual(tool('heic-to-jpg').accept);
    expect(photos.produces).toEqual({ 'application/pdf': ['.pdf'] });
    expect(workflowBySlug('shrink-photos-for-web')!.produces).toEqual({ 'image/webp': ['.webp'] });
  });

  it('fills the options a step leaves out from the tool\'s defaults', () => {
    const steps = workflowBySlug('merge-and-protect-pdfs')!.steps;
    expect(steps[1]).toEqual({ tool: 'protect-pdf', options: { password: '' }, ask: ['password'] });
  });

  it('commits a JSON Schema that matches the zod schema (run npm run schema when this fails)', () => {
    const committed = readFileSync(new URL('../schemas/workflow.schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(workflowJsonSchemaText());
  });
});

describe('validateWorkflow refuses', () => {
  it('a wrong option value, naming the step and the option', () => {
    const errors = errorsOf(workflow([{ tool: 'ocr-pdf' }, { tool: 'pdf-compressor', options: { level: 'extreme' } }]));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Workflow "test-flow", step 2 \(pdf-compressor\): option "level": /);
  });

  it('a value out of range with the tool\'s own message', () => {
    const errors = errorsOf(workflow([{ tool: 'ocr-pdf' }, { tool: 'pdf-compressor', options: { targetSize: true, targetMb: 50 } }]));
    expect(errors).toEqual(['Workflow "test-flow", step 2 (pdf-compressor): option "targetMb": Please enter a target size from 0.05 to 20 MB.']);
  });

  it('an option the tool does not have, and a value of the wrong type', () => {
    const errors = errorsOf(workflow([{ tool: 'heic-to-jpg', options: { qualty: 80 } }, { tool: 'jpg-to-pdf', options: { margin: 3 } }]));
    expect(errors[0]).toBe('Workflow "test-flow", step 1 (heic-to-jpg): "qualty" is not one of its options (its options are quality, limitSize, maxKb)');
    expect(errors[1]).toMatch(/^Workflow "test-flow", step 2 \(jpg-to-pdf\): option "margin": /);
  });

  it('an unknown tool', () => {
    expect(errorsOf(workflow([{ tool: 'merge-pdf' }, { tool: 'protect-pdfs' }]))).toEqual([
      'Workflow "test-flow", step 2 (protect-pdfs): there is no tool with this slug',
    ]);
  });

  it('a tool that only runs its demo, one that needs input on its page, and one that takes no files', () => {
    expect(errorsOf(workflow([{ tool: 'jpg-to-png' }, { tool: 'colorize-photo' }]))).toEqual([
      'Workflow "test-flow", step 2 (colorize-photo): the tool has no real processing yet, only its demo',
    ]);
    expect(errorsOf(workflow([{ tool: 'merge-pdf' }, { tool: 'esign-pdf' }]))[0]).toMatch(
      /^Workflow "test-flow", step 2 \(esign-pdf\): the tool needs a signature .*, which only its own page can give$/,
    );
    expect(errorsOf(workflow([{ tool: 'create-pdf', options: { text: 'Hello' } }, { tool: 'pdf-compressor' }]))).toContain(
      'Workflow "test-flow", step 1 (create-pdf): the tool works from typed text, not from files',
    );
  });

  it('a step that does not accept what the previous one makes', () => {
    expect(errorsOf(workflow([{ tool: 'jpg-to-png' }, { tool: 'pdf-compressor' }]))).toEqual([
      'Workflow "test-flow", step 2 (pdf-compressor): it cannot follow step 1 (jpg-to-png): it takes .pdf, and step 1 makes .png',
    ]);
    expect(errorsOf(workflow([{ tool: 'pdf-compressor' }, { tool: 'heic-to-jpg' }, { tool: 'jpg-to-pdf' }]))[0]).toMatch(
      /^Workflow "test-flow", step 2 \(heic-to-jpg\): it cannot follow step 1/,
    );
  });

  it('a step that would accept the previous tool, but not what its options make', () => {
    expect(errorsOf(workflow([{ tool: 'image-compressor', options: { format: 'png' } }, { tool: 'jpg-to-pdf' }]))).toEqual([
      'Workflow "test-flow", step 2 (jpg-to-pdf): it cannot follow step 1 (image-compressor) with its options: it takes .jpg, .jpeg, and step 1 makes .png',
    ]);
    expect(errorsOf(workflow([{ tool: 'image-compressor', options: { format: 'jpg' } }, { tool: 'jpg-to-pdf' }]))).toEqual([]);
  });

  it('a file of the wrong shape, naming the field or step', () => {
    expect(errorsOf(workflow([{ tool: 'pdf-compressor' }]))[0]).toMatch(/^Workflow "test-flow", steps: /);
    expect(errorsOf(workflow([{ tool: 'merge-pdf', option: {} }, { tool: 'protect-pdf', ask: ['password'] }]))[0]).toMatch(
      /^Workflow "test-flow", step 1: .*"option"/,
    );
    expect(errorsOf(workflow([{ tool: 'merge-pdf' }, { tool: 'protect-pdf', options: { password: 7 } }]))[0]).toMatch(
      /^Workflow "test-flow", step 2 \(protect-pdf\): option "password": /,
    );
  });

  it('an asked field only when the step sets it, and a field asked for that the tool does not have', () => {
    expect(errorsOf(workflow([{ tool: 'merge-pdf' }, { tool: 'protect-pdf' }]))[0]).toBe(
      'Workflow "test-flow", step 2 (protect-pdf): option "password": Please enter a password to protect the PDF.',
    );
    expect(errorsOf(workflow([{ tool: 'merge-pdf' }, { tool: 'protect-pdf', ask: ['password'] }]))).toEqual([]);
    expect(errorsOf(workflow([{ tool: 'merge-pdf' }, { tool: 'protect-pdf', options: { password: 'abc' }, ask: ['password'] }]))[0]).toBe(
      'Workflow "test-flow", step 2 (protect-pdf): option "password": Password must be at least 6 characters long.',
    );
    expect(errorsOf(workflow([{ tool: 'merge-pdf' }, { tool: 'protect-pdf', ask: ['password', 'owner'] }]))).toEqual([
      'Workflow "test-flow", step 2 (protect-pdf): it asks for "owner", which is not one of its options (its options are password)',
    ]);
  });

  it('values the processor\'s own schema refuses, when it is given', () => {
    const schemas = new Map<string, z.ZodType>([['pdf-compressor', z.object({ level: z.literal('low') })]]);
    const check = validateWorkflow(workflow([{ tool: 'ocr-pdf' }, { tool: 'pdf-compressor' }]), allTools, schemas);
    expect(check.ok ? [] : check.errors).toEqual([
      expect.stringMatching(/^Workflow "test-flow", step 2 \(pdf-compressor\): its processor does not take option "level": /),
    ]);
  });
});

describe('canFollow', () => {
  it('chains tools by the types they declare', () => {
    expect(canFollow(tool('heic-to-jpg'), tool('jpg-to-pdf'))).toBe(true);
    expect(canFollow(tool('jpg-to-png'), tool('pdf-compressor'))).toBe(false);
    expect(canFollow(tool('pdf-to-jpg'), tool('jpg-to-webp'))).toBe(true);
    expect(canFollow(tool('csv-to-excel'), tool('excel-to-pdf'))).toBe(true);
    expect(canFollow(tool('excel-to-pdf'), tool('csv-to-excel'))).toBe(false);
    // A tool that works from typed text takes no files at all.
    expect(canFollow(tool('pdf-to-word'), tool('text-to-speech'))).toBe(false);
  });

  it('matches MIME wildcards and extensions, as a drop zone does', () => {
    const anyImage = { ...tool('jpg-to-png'), accept: { 'image/*': [] } };
    expect(canFollow(tool('heic-to-jpg'), anyImage)).toBe(true);
    expect(canFollow(tool('jpg-to-pdf'), anyImage)).toBe(false);
    // "Some image" is not enough for a tool that takes PNG only.
    expect(acceptsAny({ 'image/png': ['.png'] }, { 'image/*': [] })).toBe(false);
    expect(acceptsAny({ 'image/*': [] }, { 'image/*': [] })).toBe(true);
    // Same extension under another MIME name (text/xml and application/xml).
    expect(acceptsAny({ 'text/xml': ['.xml'] }, { 'application/xml': ['.xml'] })).toBe(true);
  });

  it('lists the tools that can follow a tool', () => {
    const next = followers(tool('heic-to-jpg'), allTools).map((t) => t.slug);
    expect(next).toEqual(expect.arrayContaining(['jpg-to-pdf', 'jpg-to-webp', 'image-compressor', 'resize-image-dimensions']));
    expect(next).not.toContain('pdf-compressor');
    expect(next).not.toContain('heic-to-jpg');
  });

  it('narrows what a tool makes by the naming template its options pick', () => {
    expect(producesWith(tool('image-compressor'), { quality: 80, format: 'webp' })).toEqual({ 'image/webp': ['.webp'] });
    expect(producesWith(tool('image-compressor'), { quality: 80, format: 'original' })).toEqual(tool('image-compressor').produces);
    expect(producesWith(tool('jpg-to-gif'), { animate: true, frameDelay: 100 })).toEqual({ 'image/gif': ['.gif'] });
  });
});
