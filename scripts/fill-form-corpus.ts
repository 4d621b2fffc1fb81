/**
 * Fill PDF Form over real-world PDFs, run by hand (not part of `npm test`,
 * which must not need the corpus):
 *
 *   CLI_DIST_DIR=node_modules/.cache/filedesk-fill-form-test npx vite build --config vite.cli.config.ts
 *   npx tsx scripts/fill-form-corpus.ts [folder]     # default ../shared/corpus/pdf
 *
 * For every PDF with a form it lists the fields as the page does, gives each
 * fillable field a value (text, the second choice, a checked box), fills the
 * form with the built `filedesk` command, editable and flattened, and counts
 * the fields pdf-lib and qpdf read back with the value given, and the text
 * values pdftotext finds on the flattened pages.
 */
// Processors' messages in English, as the command line has them.
import '../src/cli/run-words.ts';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFCheckBox, PDFDocument, PDFDropdown, PDFName, PDFOptionList, PDFRadioGroup, PDFTextField } from 'pdf-lib';
import { fillableForm, listFormFields, type FieldValue, type FormFieldInfo } from '../src/lib/pdf/form-fill';
import { loadPdf } from '../src/lib/pdf/load';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const corpus = path.resolve(process.argv[2] ?? path.join(root, '../shared/corpus/pdf'));
const cli = path.join(root, process.env.CLI_DIST_DIR ?? 'node_modules/.cache/filedesk-fill-form-test', 'filedesk.js');

/** The value a field is given: short text in its length, the second choice (the first when there is one), a checked box. */
function valueFor(field: FormFieldInfo, i: number): FieldValue | undefined {
  if (field.readOnly) return undefined;
  switch (field.kind) {
    case 'text':
    case 'multiline':
      return `Val${i}x`.slice(0, field.maxLength ?? 99);
    case 'date':
      return '01/02/2003'.slice(0, field.maxLength ?? 99);
    case 'checkbox':
      return true;
    case 'radio':
    case 'list':
    case 'combo': {
      const options = field.options ?? [];
      const choice = options[1] ?? options[0];
      if (choice === undefined) return field.kind === 'combo' && field.editable ? `Val${i}x` : undefined;
      return field.kind === 'list' && field.multiple ? [choice] : choice;
    }
    default:
      return undefined;
  }
}

function readBack(doc: PDFDocument): Map<string, FieldValue> {
  const values = new Map<string, FieldValue>();
  for (const field of doc.getForm().getFields()) {
    try {
      if (field instanceof PDFTextField) values.set(field.getName(), field.getText() ?? '');
      else if (field instanceof PDFCheckBox) values.set(field.getName(), field.isChecked());
      else if (field instanceof PDFRadioGroup) values.set(field.getName(), field.getSelected() ?? '');
      else if (field instanceof PDFOptionList) values.set(field.getName(), field.getSelected());
      else if (field instanceof PDFDropdown) values.set(field.getName(), field.getSelected()[0] ?? '');
    } catch {
      // Unreadable: counted as wrong.
    }
  }
  return values;
}

const same = (a: FieldValue | undefined, b: FieldValue) => JSON.stringify(a) === JSON.stringify(b);

interface Row {
  file: string;
  outcome: string;
  listed: number;
  given: number;
  pdfLib: number;
  qpdf: number;
  textValues: number;
  textShown: number;
}

async function measure(file: string, work: string): Promise<Row> {
  const row: Row = { file: path.basename(file), outcome: '', listed: 0, given: 0, pdfLib: 0, qpdf: 0, textValues: 0, textShown: 0 };
  const bytes = new Uint8Array(readFileSync(file));
  let fields: FormFieldInfo[];
  try {
    const doc = await loadPdf(bytes, row.file);
    if (!doc.catalog.get(PDFName.of('AcroForm'))) {
      row.outcome = 'no form';
      return row;
    }
    fields = listFormFields(doc, fillableForm(doc));
  } catch (error) {
    row.outcome = `not filled: ${error instanceof Error ? error.message.slice(0, 80) : String(error)}`;
    return row;
  }
  row.listed = fields.length;
  const values: Record<string, FieldValue> = {};
  fields.forEach((field, i) => {
    const value = valueFor(field, i);
    if (value !== undefined) values[field.name] = value;
  });
  row.given = Object.keys(values).length;
  const dir = mkdtempSync(path.join(work, 'f-'));
  writeFileSync(path.join(dir, 'form.pdf'), bytes);
  writeFileSync(path.join(dir, 'values.json'), JSON.stringify(values));
  const run = (out: string, extra: string[]) => spawnSync(process.execPath, [cli, 'fill-pdf-form', 'form.pdf', 'values.json', '-o', out, '--quiet', ...extra], { cwd: dir, encoding: 'utf8' });
  const editable = run('editable', []);
  if (editable.status !== 0) {
    row.outcome = `failed: ${editable.stderr.trim().split('\n')[0]?.slice(0, 120)}`;
    return row;
  }
  const filledPath = path.join(dir, 'editable', 'form-filled.pdf');
  const filled = readBack(await PDFDocument.load(readFileSync(filledPath), { updateMetadata: false }));
  for (const [name, value] of Object.entries(values)) {
    const back = filled.get(name);
    if (same(back, value) || (typeof value === 'string' && Array.isArray(back) && same(back, [value]))) row.pdfLib++;
  }
  try {
    const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=acroform', filledPath], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })) as {
      acroform: { fields: { fullname: string; value: unknown; ischeckbox: boolean; isradiobutton: boolean }[] };
    };
    const byName = new Map(json.acroform.fields.map((f) => [f.fullname, f]));
    for (const [name, value] of Object.entries(values)) {
      const f = byName.get(name);
      if (!f) continue;
      const raw = Array.isArray(f.value) ? f.value.map(String) : String(f.value ?? '');
      const text = (v: string) => v.replace(/^u:/, '');
      if (typeof value === 'boolean') row.qpdf += typeof raw === 'string' && raw.startsWith('/') && raw !== '/Off' ? 1 : 0;
      else if (Array.isArray(value)) row.qpdf += (Array.isArray(raw) ? raw.map(text) : [text(raw)]).join() === value.join() ? 1 : 0;
      // A radio group's value is its export name, which pdf-lib maps through /Opt; any chosen state counts.
      else if (f.isradiobutton) row.qpdf += typeof raw === 'string' && raw.startsWith('/') && raw !== '/Off' ? 1 : 0;
      else row.qpdf += typeof raw === 'string' && text(raw) === value ? 1 : 0;
    }
  } catch {
    // qpdf could not read it: none counted.
  }
  const flat = run('flat', ['--flatten']);
  if (flat.status !== 0) {
    row.outcome = `flatten failed: ${flat.stderr.trim().split('\n')[0]?.slice(0, 120)}`;
    return row;
  }
  const shown = execFileSync('pdftotext', [path.join(dir, 'flat', 'form-filled.pdf'), '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).replace(/\s+/g, '');
  const fieldByName = new Map(fields.map((f) => [f.name, f]));
  for (const [name, value] of Object.entries(values)) {
    const kind = fieldByName.get(name)?.kind;
    if (typeof value !== 'string' || (kind !== 'text' && kind !== 'multiline' && kind !== 'date')) continue;
    row.textValues++;
    if (shown.includes(value.replace(/\s+/g, ''))) row.textShown++;
  }
  row.outcome = 'filled';
  return row;
}

const work = mkdtempSync(path.join(tmpdir(), 'fill-corpus-'));
try {
  const files = readdirSync(corpus).filter((f) => f.toLowerCase().endsWith('.pdf')).sort();
  const rows: Row[] = [];
  for (const file of files) rows.push(await measure(path.join(corpus, file), work));
  const forms = rows.filter((r) => r.outcome !== 'no form');
  for (const r of forms) console.log(`${r.file}\t${r.outcome}\tlisted ${r.listed}\tgiven ${r.given}\tpdf-lib ${r.pdfLib}\tqpdf ${r.qpdf}\tflattened text ${r.textShown}/${r.textValues}`);
  const sum = (key: keyof Row) => forms.reduce((n, r) => n + (r[key] as number), 0);
  console.log(`\n${files.length} PDFs, ${forms.length} with a form, ${forms.filter((r) => r.outcome === 'filled').length} filled.`);
  console.log(`Fields listed ${sum('listed')}, given a value ${sum('given')}, read back right: pdf-lib ${sum('pdfLib')}, qpdf ${sum('qpdf')}; text values on flattened pages ${sum('textShown')}/${sum('textValues')}.`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
