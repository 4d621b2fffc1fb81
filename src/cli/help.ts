/**
 * `filedesk list` and `filedesk help <tool>`, written from the manifests and
 * workflows: what each takes and makes, its options with their defaults and
 * allowed values, its limits, and which run only on the site and why.
 */
import type { Field, FileTypes } from '../../schemas/manifest';
import { megabytes } from '../lib/format-size';
import { tools, toolBySlug, workflowBySlug, workflows } from './catalogue';
import { allowedValues } from './options';
import { COMMON_FLAGS, secretEnvName } from './args';
import { findTarget } from './target';

const CATEGORY_TITLES: Record<string, string> = { pdf: 'PDF', image: 'Image', audio: 'Audio', text: 'Text', file: 'Data' };

function extensions(types: FileTypes): string {
  return [...new Set(Object.values(types).flat())].join(' ') || '(text options, no files)';
}

function pad(text: string, width: number): string {
  return text.length >= width ? `${text} ` : text + ' '.repeat(width - text.length);
}

export interface ListEntry {
  slug: string;
  kind: 'tool' | 'workflow';
  category: string;
  title: string;
  accepts: string[];
  cli: boolean;
  siteOnly?: string;
}

export function listEntries(): ListEntry[] {
  const entries: ListEntry[] = tools.map((t) => {
    const target = findTarget(t.slug)!;
    return { slug: t.slug, kind: 'tool', category: t.category, title: t.title, accepts: target.extensions, cli: !target.siteOnly, siteOnly: target.siteOnly };
  });
  for (const w of workflows) {
    const target = findTarget(w.slug)!;
    entries.push({ slug: w.slug, kind: 'workflow', category: 'workflow', title: w.title, accepts: target.extensions, cli: !target.siteOnly, siteOnly: target.siteOnly });
  }
  return entries;
}

export function listText(): string {
  const entries = listEntries();
  const lines: string[] = [];
  const width = Math.max(...entries.map((e) => e.slug.length)) + 2;
  for (const category of ['pdf', 'image', 'audio', 'text', 'file']) {
    const own = entries.filter((e) => e.kind === 'tool' && e.category === category && e.cli);
    if (!own.length) continue;
    lines.push(`${CATEGORY_TITLES[category]} tools`);
    for (const e of own) lines.push(`  ${pad(e.slug, width)}${e.title} (${e.accepts.join(' ') || 'text options'})`);
    lines.push('');
  }
  const flows = entries.filter((e) => e.kind === 'workflow' && e.cli);
  if (flows.length) {
    lines.push('Workflows (several tools, one after another)');
    for (const e of flows) lines.push(`  ${pad(e.slug, width)}${e.title} (${e.accepts.join(' ')})`);
    lines.push('');
  }
  const siteOnly = entries.filter((e) => !e.cli);
  if (siteOnly.length) {
    lines.push('Only on the site (https://filedesk.app)');
    for (const e of siteOnly) lines.push(`  ${pad(e.slug, width)}${e.siteOnly}`);
    lines.push('');
  }
  const count = entries.filter((e) => e.cli).length;
  lines.push(`${count} of ${entries.length} tools and workflows run on the command line. Details: filedesk help <tool>`);
  return `${lines.join('\n')}\n`;
}

function fieldLines(fields: readonly Field[]): string[] {
  const lines: string[] = [];
  for (const field of fields) {
    const shown = field.type === 'toggle' ? (field.default ? 'on' : 'off') : JSON.stringify(field.default);
    const flag = field.type === 'toggle' ? `--${field.name} / --no-${field.name}` : `--${field.name} <value>`;
    lines.push(`  ${flag}`);
    lines.push(`      ${field.label}${'unit' in field && field.unit ? ` (${field.unit})` : ''}: ${allowedValues(field)}; default ${shown}.`);
    if (field.type === 'select' || field.type === 'radio') {
      for (const c of field.choices) if (c.label.toLowerCase() !== c.value.toLowerCase()) lines.push(`        ${c.value}: ${c.label}`);
    }
    // A field that switches on the one it depends on (--image sets --kind to image) needs no condition.
    const sets = fields.flatMap((other) => (other.setWhen ?? []).filter((rule) => ruleOption(rule.when) === field.name).map((rule) => ({ other, rule })));
    for (const { other, rule } of sets) lines.push(`      Giving it sets --${other.name} to ${String(rule.value)}.`);
    if (field.visibleWhen && !sets.some(({ other }) => ruleOption(field.visibleWhen) === other.name)) lines.push(`      Used only when ${describeCondition(field.visibleWhen)}.`);
    if (field.help) lines.push(`      ${field.help}`);
    if (field.type === 'text' && field.password)
      lines.push(`  --${field.name}-file <path>`, `      The ${field.label.toLowerCase()} from the first line of a file; or set ${secretEnvName(field.name)}. Either keeps it out of the process list and shell history.`);
  }
  return lines;
}

/** The option a plain condition is about, if it is about one. */
function ruleOption(condition: unknown): string | undefined {
  const c = condition as Record<string, unknown>;
  return typeof c.option === 'string' ? c.option : undefined;
}

function describeCondition(condition: unknown): string {
  const c = condition as Record<string, unknown>;
  if ('option' in c) {
    if ('equals' in c) return `--${c.option} is ${String(c.equals)}`;
    if ('notEquals' in c) return `--${c.option} is not ${String(c.notEquals)}`;
    if ('in' in c) return `--${c.option} is ${(c.in as unknown[]).join(' or ')}`;
    return `--${c.option} is set`;
  }
  if ('fileCount' in c) return 'the number of files allows it';
  if ('all' in c) return (c.all as unknown[]).map(describeCondition).join(' and ');
  if ('any' in c) return (c.any as unknown[]).map(describeCondition).join(' or ');
  if ('not' in c) return `not (${describeCondition(c.not)})`;
  return 'a condition holds';
}

const VALUE_NAMES: Record<string, string> = { out: '<folder>', name: '<file name>', jobs: '<n>', shard: 'i/n' };
const COMMON_LINES = Object.entries(COMMON_FLAGS).map(([name, f]) => `  ${pad(`--${name}${f.value ? ` ${VALUE_NAMES[name] ?? '<value>'}` : ''}`, 20)}${f.help}`);

export function toolHelp(slug: string): string {
  const target = findTarget(slug);
  if (!target) return `Unknown tool or workflow "${slug}". Run: filedesk list\n`;
  const tool = toolBySlug(slug);
  const workflow = workflowBySlug(slug);
  const lines: string[] = [];
  lines.push(`${target.title} (${slug})`);
  lines.push(`  ${tool?.description ?? workflow?.description}`);
  lines.push('');
  if (target.siteOnly) lines.push(`Runs only on the site: it ${target.siteOnly}.`, '');
  const usage = target.textOnly
    ? [`filedesk ${slug} [options] --out <folder>`, `filedesk ${slug} [options] --out -    (the output to standard output)`]
    : [`filedesk ${slug} [options] <files or folders...> --out <folder>`, `filedesk ${slug} [options] - --out -    (standard input to standard output)`];
  lines.push('Usage', ...usage.map((u) => `  ${u}`), '');
  if (workflow) {
    lines.push('Steps');
    workflow.steps.forEach((s, i) => {
      const set = Object.entries(s.options).map(([k, v]) => `${k}=${String(v)}`).join(', ');
      lines.push(`  ${i + 1}. ${s.tool}${set ? ` (${set})` : ''}`);
    });
    lines.push('');
  }
  lines.push(`Takes      ${extensions(target.accept)}`);
  const produces = tool?.produces ?? workflow?.produces ?? {};
  lines.push(`Makes      ${extensions(produces)}`);
  if (tool) {
    const variants = tool.output.variants?.map((v) => v.name) ?? [];
    lines.push(`Named      ${[tool.output.name, ...variants].join(', ')}`);
  }
  lines.push(`Limits     at most ${megabytes(target.maxBytes)} MB a file${target.combines ? `; combines all its inputs into one result${target.limits.minFiles > 1 ? ` (at least ${target.limits.minFiles} files)` : ''}` : '; each file on its own'}`);
  lines.push('');
  lines.push(workflow ? 'Options (the values the workflow asks for)' : 'Options');
  const fields = fieldLines(target.fields);
  lines.push(...(fields.length ? fields : ['  (none)']));
  lines.push('');
  lines.push('Common flags', ...COMMON_LINES, '');
  return `${lines.join('\n')}\n`;
}

export const USAGE = `filedesk: FileDesk's file tools on the command line. Files never leave this machine.

Usage
  filedesk <tool-or-workflow> [--<option> <value>...] <files or folders...> --out <folder>
  filedesk <tool> [--<option> <value>...] - --out -      standard input to standard output (one file in, one out)
  filedesk list                 every tool and workflow, and which run only on the site
  filedesk help <tool>          a tool's options, defaults, limits, inputs and outputs (also: filedesk <tool> --help)
  filedesk serve [--port 4173] [--host 127.0.0.1] [--dir <site folder>]
                                serve the built site (clean URLs, 404 page, security headers); see filedesk serve --help
  filedesk --version

Common flags
${COMMON_LINES.join('\n')}

Progress, messages and the summary go to stderr; stdout carries only the --json lines or, with --out -, the file.
Exit codes: 0 every file succeeded (or was already done), 1 some failed (the others are written) or an error
such as a folder that cannot be written, 2 usage error, 130 interrupted (Ctrl-C).

Examples
  filedesk pdf-compressor --level high ./scans --out ./small
  filedesk image-compressor --quality 70 --format webp photo.jpg --out ./web
  filedesk csv-to-excel data.csv --out ./sheets --json
  filedesk photos-to-compact-pdf ./photos --out ./out
  curl -s https://example.com/scan.pdf | filedesk rotate-pdf --angle 90 - --out - > rotated.pdf
`;

export const LIST_USAGE = `filedesk list: every tool and workflow, what each takes, and which run only on the site and why.

Usage
  filedesk list            a table, by category
  filedesk list --json     the same as JSON: slug, kind, category, title, accepts, cli, siteOnly

Then: filedesk help <tool> for a tool's options, defaults and limits.
`;

export const SERVE_USAGE = `filedesk serve: the built FileDesk site over HTTP, from this machine (node:http, nothing else).

Usage
  filedesk serve [--port 4173] [--host 127.0.0.1] [--dir <site folder>]
  filedesk serve <site folder>

Options
  --port <number>     port to listen on; default 4173; 0 takes any free port
  --host <address>    address to listen on; default 127.0.0.1 (this machine only); 0.0.0.0 for every network
  --dir <folder>      the built site, the dist/ folder \`npm run build\` makes; default: dist/ beside the
                      command when run from a source checkout, else ./dist in the current folder
  -h, --help          show this help

What it serves
  Clean URLs (/tools/merge-pdf is tools/merge-pdf.html), 404.html with status 404 for unknown paths,
  a year's immutable caching for the content-hashed files under /assets/ and revalidation (ETag) for
  the rest, gzip for text and WebAssembly, and the security headers on every response
  (Content-Security-Policy with frame-ancestors 'none', X-Content-Type-Options, Referrer-Policy,
  Permissions-Policy), and the cross-origin isolation headers that let the engines use every core
  (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp). The address is printed on stdout once it listens; Ctrl-C stops it.

The package from npm pack carries the command only, not the site (its engines and models are some
170 MB): build the site from FileDesk's source with \`npm run build\` and pass the folder with --dir.
`;
