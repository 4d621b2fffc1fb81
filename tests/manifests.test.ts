/**
 * Contract test over every manifest: schema, identity, catalogue order and
 * counts, processors and views that exist, valid defaults and output names.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestSchema, type ToolManifest } from '../schemas/manifest';
import { manifestJsonSchemaText } from '../schemas/json-schema';
import { allTools, catalogue } from '../src/engine/catalogue';
import { outputName } from '../src/engine/naming';
import { checkOptions, defaultOptions } from '../src/engine/options';
import { factsOf, planSimulation } from '../src/engine/simulate';
import { viewNames } from '../src/engine/view-modules';
import { processorNames } from '../src/engine/worker/processor-modules';
import { manifestIconNames } from '../scripts/vite-tool-icons';
import * as lucide from 'lucide-react';

const root = new URL('../manifests/', import.meta.url).pathname;
const files = readdirSync(root).flatMap((category) =>
  readdirSync(join(root, category))
    .filter((f) => f.endsWith('.json'))
    .map((file) => ({ category, file, raw: JSON.parse(readFileSync(join(root, category, file), 'utf8')) })),
);

const SPEC_ORDER = {
  pdf: ['pdf-compressor', 'pdf-to-word', 'jpg-to-pdf', 'merge-pdf', 'create-pdf', 'pdf-to-jpg', 'word-to-pdf', 'split-pdf', 'unlock-pdf', 'pdf-translator', 'esign-pdf', 'protect-pdf', 'rearrange-pdf', 'extract-text-from-pdf', 'pdf-to-excel', 'pdf-to-powerpoint', 'png-to-pdf', 'epub-to-pdf', 'crop-pdf', 'edit-pdf'],
  image: ['remove-background', 'ai-image-generator', 'restore-photos', 'profile-photo-maker', 'remove-person-from-photo', 'extract-text-from-image', 'remove-objects-from-photo', 'resize-image-dimensions', 'increase-image-resolution', 'blur-background', 'colorize-photo', 'collage-maker', 'remove-watermark', 'make-background-transparent', 'crop-image', 'add-border-to-image', 'image-splitter', 'add-text-to-image', 'pixelate-image', 'make-round-image', 'black-and-white-image', 'flip-image', 'unblur-image', 'merge-images', 'image-compressor', 'jpg-to-png', 'png-to-jpg', 'heic-to-jpg', 'heic-to-png', 'webp-to-jpg', 'webp-to-png', 'png-to-webp', 'jpg-to-webp', 'png-to-svg', 'jpg-to-svg', 'svg-to-png', 'gif-to-mp4', 'jpg-to-gif', 'png-to-gif', 'webp-to-gif', 'gif-to-jpg', 'gif-to-png', 'tiff-to-jpg', 'tiff-to-png', 'jpg-to-tiff', 'psd-to-jpg', 'psd-to-png', 'psd-to-ai', 'png-to-eps', 'eps-to-png', 'eps-to-jpg', 'chart-maker'],
  audio: ['text-to-speech'],
  text: ['text-case-converter'],
  file: ['split-csv', 'split-excel', 'excel-to-pdf', 'xml-to-excel', 'excel-to-xml', 'csv-to-excel', 'xml-to-csv', 'xml-to-json'],
};

/** Fills required text fields, which start blank on purpose, so the rest of the defaults can be checked. */
function filledDefaults(tool: ToolManifest) {
  const values = defaultOptions(tool.options);
  for (const f of tool.options) {
    if ((f.type === 'text' || f.type === 'textarea') && f.required && String(values[f.name]).trim() === '') {
      values[f.name] = 'x'.repeat(Math.max(f.type === 'text' ? (f.minLength ?? 1) : 1, 1));
    }
  }
  return values;
}

describe('manifests', () => {
  it.each(files.map((f) => [`${f.category}/${f.file}`, f] as const))('%s is valid, and its slug and category match its path', (_, f) => {
    const parsed = manifestSchema.safeParse(f.raw);
    expect(parsed.success ? '' : parsed.error.message).toBe('');
    expect(f.raw.slug).toBe(f.file.replace(/\.json$/, ''));
    expect(f.raw.category).toBe(f.category);
    expect(f.raw.$schema).toBe('../../schemas/tool-manifest.schema.json');
  });

  it('has 83 tools with unique slugs and unique ids from 1 to 83', () => {
    expect(allTools).toHaveLength(83);
    expect(new Set(allTools.map((t) => t.slug)).size).toBe(83);
    const ids = allTools.map((t) => t.id).sort((a, b) => a - b);
    expect(new Set(ids).size).toBe(83);
    expect(ids.every((id) => id >= 1 && id <= 83)).toBe(true);
  });

  it('lists 82 tools in the specification order: pdf 20, image 52, audio 1, text 1, file 8', () => {
    expect(catalogue.map((t) => t.slug)).toEqual(Object.values(SPEC_ORDER).flat());
    expect(catalogue).toHaveLength(82);
  });

  it('routes gif-to-pdf without listing it', () => {
    const gif = allTools.find((t) => t.slug === 'gif-to-pdf');
    expect(gif?.listed).toBe(false);
    expect(gif?.category).toBe('pdf');
  });

  it('has catalogue ids that are not contiguous', () => {
    const ids = catalogue.map((t) => t.id);
    expect(ids.some((id, i) => i > 0 && id !== ids[i - 1] + 1)).toBe(true);
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s names only processors and views that exist', (_, tool) => {
    if (tool.processor) expect(processorNames).toContain(tool.processor);
    if (tool.view) expect(viewNames).toContain(tool.view);
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s has defaults that satisfy its option schema', (_, tool) => {
    const check = checkOptions(tool.options, filledDefaults(tool), { fileCount: 1, totalBytes: 1000, pageCount: 10 });
    expect(check.ok ? 'ok' : check.message).toBe('ok');
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s option conditions and value rules name real fields', (_, tool) => {
    const names = new Set(tool.options.map((f) => f.name));
    const referenced = JSON.stringify(tool.options).match(/"option":"([^"]+)"/g) ?? [];
    for (const ref of referenced) expect(names).toContain(ref.slice(10, -1));
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s naming rule yields a valid file name with no unfilled token', (_, tool) => {
    const sample = `Sample File.${Object.values(tool.accept)[0]?.[0]?.slice(1) ?? 'bin'}`;
    const name = outputName(tool.output.name, { originalName: sample, n: 1, timestamp: 1700000000000, options: filledDefaults(tool), vars: { page: 1 } });
    expect(name).not.toMatch(/[{}\\/:*?"<>|]/);
    expect(name.length).toBeGreaterThan(0);
  });

  it.each(allTools.map((t) => [t.slug, t] as const))('%s simulation plans at least one result', (_, tool) => {
    const files = [{ name: 'a.bin', size: 1000 }, { name: 'b.bin', size: 1000 }].slice(0, Math.max(tool.limits.minFiles, 1));
    const plan = planSimulation(tool, files, filledDefaults(tool));
    expect(plan.parts.length).toBeGreaterThan(0);
    expect(plan.delay).toBeGreaterThanOrEqual(0);
    expect(factsOf(files).fileCount).toBe(files.length);
  });

  it('names only icons that lucide-react exports', () => {
    const exported = lucide as unknown as Record<string, unknown>;
    for (const icon of manifestIconNames(root)) expect(exported[icon], icon).toBeDefined();
    expect(manifestIconNames(root).length).toBeGreaterThan(10);
  });

  it('commits a JSON Schema that matches the zod schema (run npm run schema when this fails)', () => {
    const committed = readFileSync(new URL('../schemas/tool-manifest.schema.json', import.meta.url), 'utf8');
    expect(committed).toBe(manifestJsonSchemaText());
  });

  it('matches the catalogue snapshot', () => {
    expect(
      allTools.map((t) => ({
        id: t.id, slug: t.slug, category: t.category, title: t.title, listed: t.listed,
        accept: t.accept, limits: t.limits, action: t.action, output: t.output, simulation: t.simulation,
        options: t.options.map((o) => ({ name: o.name, type: o.type, default: o.default })),
        messages: t.messages, processor: t.processor ?? null, view: t.view ?? null,
      })),
    ).toMatchSnapshot();
  });
});
