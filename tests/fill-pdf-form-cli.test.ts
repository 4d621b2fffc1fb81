/**
 * Fill PDF Form through the built `filedesk` command: a form and a CSV of
 * rows give one filled PDF per row, named by a column; a JSON file gives one;
 * `-o` is `--out`; a CSV column that names no field fails with its name.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankFormPdf } from './fixtures/pdf-build/fill-forms';
import { pdfFieldValues } from './fixtures/pdf-build/forms';
import { cliBundle, runFiledesk } from './support/cli-bundle';

let bundle = '';
let work = '';

const filedesk = (args: string[]) => runFiledesk(bundle, args, work);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'filedesk-fill-form-'));
  bundle = cliBundle('filedesk-fill-form-test');
  writeFileSync(join(work, 'form.pdf'), await blankFormPdf());
}, 180_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('filedesk fill-pdf-form', () => {
  it('makes one filled PDF per CSV row into -o, named by --nameColumn, and leaves the inputs as they were', async () => {
    const csv = 'name,subscribe,size,country\nAda Lovelace,yes,Small,France\nGrace Hopper,no,Large,Italy\nAlan Turing,x,Medium,Germany\n';
    writeFileSync(join(work, 'rows.csv'), csv);
    const form = readFileSync(join(work, 'form.pdf'));
    const run = await filedesk(['fill-pdf-form', 'form.pdf', 'rows.csv', '-o', 'out/', '--nameColumn', 'name']);
    expect(run.stderr).toMatch(/0 failed/);
    expect(run.code).toBe(0);
    const written = readdirSync(join(work, 'out')).filter((name) => name.endsWith('.pdf')).sort();
    expect(written).toEqual(['form-Ada Lovelace.pdf', 'form-Alan Turing.pdf', 'form-Grace Hopper.pdf']);
    const grace = await pdfFieldValues(readFileSync(join(work, 'out', 'form-Grace Hopper.pdf')));
    expect(grace).toMatchObject({ name: 'Grace Hopper', subscribe: '', size: 'Large', country: 'Italy' });
    const alan = await pdfFieldValues(readFileSync(join(work, 'out', 'form-Alan Turing.pdf')));
    expect(alan).toMatchObject({ name: 'Alan Turing', subscribe: 'checked', size: 'Medium', country: 'Germany' });
    expect(readFileSync(join(work, 'form.pdf')).equals(form)).toBe(true);
    expect(readFileSync(join(work, 'rows.csv'), 'utf8')).toBe(csv);
  }, 120_000);

  it('takes a JSON file (in any order beside the form) for one copy, and flattens it', async () => {
    mkdirSync(join(work, 'json'), { recursive: true });
    writeFileSync(join(work, 'json', 'a-values.json'), JSON.stringify({ name: 'Ada', colours: ['Red', 'Green'] }));
    writeFileSync(join(work, 'json', 'form.pdf'), readFileSync(join(work, 'form.pdf')));
    const run = await filedesk(['fill-pdf-form', 'json/a-values.json', 'json/form.pdf', '--out', 'json-out', '--flatten']);
    expect(run.code).toBe(0);
    expect(readdirSync(join(work, 'json-out')).filter((name) => name.endsWith('.pdf'))).toEqual(['form-filled.pdf']);
    // Flattened: the values are drawn into the page and no field is left.
    expect(await pdfFieldValues(readFileSync(join(work, 'json-out', 'form-filled.pdf')))).toEqual({});
  }, 120_000);

  it('fails with the columns that name no field, writing nothing', async () => {
    writeFileSync(join(work, 'bad.csv'), 'name,colour\nAda,Red\n');
    const run = await filedesk(['fill-pdf-form', 'form.pdf', 'bad.csv', '-o', 'bad-out']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('The column "colour" in bad.csv names no field of the form. The form\'s fields are: "name", ');
    expect(existsSync(join(work, 'bad-out')) ? readdirSync(join(work, 'bad-out')).filter((name) => name.endsWith('.pdf')) : []).toEqual([]);
  }, 120_000);
});
