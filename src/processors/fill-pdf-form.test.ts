import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFString, PDFTextField } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { ctx, encryptedPdf, NOT_A_PDF, pdfInput, restrictedPdf } from '../../tests/fixtures/pdf/make';
import { blankFormPdf, noFieldsPdf, TAB_ORDER, TOOLTIPS, xfaOnlyPdf } from '../../tests/fixtures/pdf-build/fill-forms';
import { pdfFieldValues } from '../../tests/fixtures/pdf-build/forms';
import { itJudgedBy } from '../../tests/support/judges';
import { asWorkerCalls } from '../../tests/support/run-processor';
import { namedOutputs } from '../core/naming';
import { fillMessage } from '../core/facts';
import { readManifest } from '../manifests/read';
import type { ToolInput } from '../contract/types';
import { noFieldsMessage, xfaOnlyMessage, listFormFields } from '../lib/pdf/form-fill';
import { encryptedMessage, notPdfMessage } from '../lib/pdf/load';
import fillModule, { noFormMessage, twoFormsMessage } from './fill-pdf-form';

const fill = asWorkerCalls(fillModule);
const manifest = readManifest('fill-pdf-form');
const text = (content: string, name: string, type = name.endsWith('.json') ? 'application/json' : 'text/csv'): ToolInput => ({ name, type, bytes: new TextEncoder().encode(content) });

/** A value for every kind of field the blank form has. */
const EVERY_KIND = {
  name: 'Ada Lovelace',
  birthdate: '10/12/1815',
  address: '12 St James Square\nLondon',
  subscribe: true,
  size: 'Medium',
  country: 'France',
  city: 'Lyon',
  colours: ['Red', 'Blue'],
  reference: 'AL-1815',
  notes: 'Second page note',
};

/** What pdf-lib reads back for EVERY_KIND (forms.ts's fieldValues: "checked", lists joined). */
const READ_BACK = {
  name: 'Ada Lovelace',
  birthdate: '10/12/1815',
  address: '12 St James Square\nLondon',
  subscribe: 'checked',
  size: 'Medium',
  country: 'France',
  city: 'Lyon',
  colours: 'Red, Blue',
  reference: 'AL-1815',
  notes: 'Second page note',
  signature: '?',
};

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function onDisk(bytes: Uint8Array, name = 'out.pdf'): string {
  const dir = mkdtempSync(join(tmpdir(), 'fill-form-'));
  dirs.push(dir);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** Field values as qpdf reads them (its own parser, not pdf-lib's): full name to value. */
function qpdfValues(bytes: Uint8Array): Record<string, unknown> {
  const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=acroform', onDisk(bytes)], { encoding: 'utf8' })) as {
    acroform: { fields: { fullname: string; value: unknown }[] };
  };
  return Object.fromEntries(json.acroform.fields.map((field) => [field.fullname, field.value]));
}

function pdftotext(bytes: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', onDisk(bytes), '-'], { encoding: 'utf8' });
}

describe('fill-pdf-form manifest', () => {
  it('says these texts on the page, in demo mode and in the run core', () => {
    const tool = readManifest('fill-pdf-form');
    expect(tool.messages.noFile).toBe('Please upload a PDF form to fill.');
    expect(tool.messages.downloadFirst).toBe('Please fill the PDF form first.');
    expect(tool.messages.success).toBe('{n} filled {n:PDF|PDFs} ready!');
    expect(tool.messages.dataFile).toBe('Values come from {file}: one filled PDF per row. Remove it to type values into the fields instead.');
    expect(tool.messages.signatureField).toBe('Signature field: kept as it is, sign it in a PDF reader.');
    expect(tool.simulation.success).toBe('{n} filled {n:PDF|PDFs} ready! (mock operation)');
    // As a run of one copy and of a CSV of three rows says them.
    expect(fillMessage(tool.messages.success!, { n: 1, files: 1 })).toBe('1 filled PDF ready!');
    expect(fillMessage(tool.messages.success!, { n: 3, files: 2 })).toBe('3 filled PDFs ready!');
    expect(fillMessage(tool.simulation.success, { n: 3, files: 2 })).toBe('3 filled PDFs ready! (mock operation)');
  });
});

describe('listFormFields', () => {
  it('lists every field in tab order with its kind, label and choices', async () => {
    const doc = await PDFDocument.load(await blankFormPdf());
    const fields = listFormFields(doc);
    expect(fields.map((f) => f.name)).toEqual(TAB_ORDER);
    const by = Object.fromEntries(fields.map((f) => [f.name, f]));
    expect(by.name).toMatchObject({ kind: 'text', label: TOOLTIPS.name, page: 0 });
    expect(by.birthdate).toMatchObject({ kind: 'date', dateFormat: 'dd/mm/yyyy', label: TOOLTIPS.birthdate });
    expect(by.address).toMatchObject({ kind: 'multiline', label: 'address' });
    expect(by.subscribe).toMatchObject({ kind: 'checkbox', value: false });
    expect(by.size).toMatchObject({ kind: 'radio', options: ['Small', 'Medium', 'Large'] });
    // Each choice's button, and the group's box spanning them (x 180 to 316), for the page to put its radios over them.
    expect(by.size!.optionRects!.map((r) => Math.round(r![0]))).toEqual([180, 240, 300].map((x) => Math.round(x - 0.5)));
    expect(Math.round(by.size!.rect![2])).toBe(137);
    expect(by.country).toMatchObject({ kind: 'combo', editable: false, options: ['Germany', 'France', 'Italy'] });
    expect(by.city).toMatchObject({ kind: 'combo', editable: true });
    expect(by.colours).toMatchObject({ kind: 'list', multiple: true, value: [] });
    expect(by.reference).toMatchObject({ kind: 'text', maxLength: 8 });
    expect(by.notes).toMatchObject({ page: 1 });
    expect(by.signature).toMatchObject({ kind: 'signature', page: 1 });
    // pdf-lib widens a widget by its border: the box is where the field was put, within a point.
    by.name!.rect!.forEach((value, i) => expect(Math.abs(value - [180, 740, 180, 22][i]!)).toBeLessThanOrEqual(1));
    expect(by.name!.pageBox).toEqual([0, 0, 595.28, 841.89]);
  });

  it('follows /Tabs /S (the order of the page\'s annotations) when the page asks for it', async () => {
    const doc = await PDFDocument.load(await blankFormPdf({ tabs: 'S' }));
    expect(listFormFields(doc).map((f) => f.name).slice(0, 2)).toEqual(['reference', 'name']);
  });
});

describe('fill-pdf-form', () => {
  it('fills every kind of field from the page\'s values, keeps the form editable, and leaves the input as it was', async () => {
    const input = await blankFormPdf();
    const copy = input.slice();
    const progress = ctx();
    const outputs = await fill([pdfInput(input, 'form.pdf')], { values: EVERY_KIND }, progress);
    expect(outputs).toHaveLength(1);
    expect(input).toEqual(copy);
    expect(await pdfFieldValues(outputs[0]!.bytes)).toEqual(READ_BACK);
    expect(outputs[0]!.meta).toEqual({ fieldsFilled: 10 });
    expect(namedOutputs(manifest, [{ name: 'form.pdf', size: 1 }], outputs, {}).map((o) => o.name)).toEqual(['form-filled.pdf']);
    expect(progress.onProgress).toHaveBeenLastCalledWith(1, 1);
    // The signature field is still there, unsigned, for a reader to sign.
    const doc = await PDFDocument.load(outputs[0]!.bytes);
    expect(doc.getForm().getField('signature').acroField.getWidgets()).toHaveLength(1);
    expect(outputs[0]!.notice).toBeUndefined();
    // The date field's format script is kept, not run.
    const script = doc.getForm().getField('birthdate').acroField.dict.lookup(PDFName.of('AA'), PDFDict).lookup(PDFName.of('F'), PDFDict);
    expect(script.lookup(PDFName.of('JS'), PDFString).decodeText()).toBe('AFDate_FormatEx("dd/mm/yyyy");');
  });

  itJudgedBy(['qpdf', 'pdftotext'], 'writes values qpdf reads back, with appearances that show them without the reader drawing them', async () => {
    const [output] = await fill([pdfInput(await blankFormPdf())], { values: EVERY_KIND }, ctx());
    const values = qpdfValues(output!.bytes);
    expect(values).toMatchObject({
      name: 'u:Ada Lovelace',
      birthdate: 'u:10/12/1815',
      address: 'u:12 St James Square\nLondon',
      subscribe: '/Yes',
      // pdf-lib's radio buttons store their choices in /Opt and export their index.
      size: '/1',
      country: 'u:France',
      city: 'u:Lyon',
      colours: ['u:Red', 'u:Blue'],
      reference: 'u:AL-1815',
      notes: 'u:Second page note',
    });
    const check = execFileSync('qpdf', ['--check', onDisk(output!.bytes)], { encoding: 'utf8' });
    expect(check).toMatch(/No syntax or stream encoding errors/);
    // Poppler prints what the fields' appearance streams draw; the form does not ask readers to draw them.
    const shown = pdftotext(output!.bytes);
    for (const value of ['Ada Lovelace', '10/12/1815', '12 St James Square', 'London', 'France', 'Lyon', 'AL-1815', 'Second page note']) expect(shown).toContain(value);
    const acroForm = (await PDFDocument.load(output!.bytes)).catalog.lookup(PDFName.of('AcroForm'), PDFDict);
    expect(acroForm.get(PDFName.of('NeedAppearances'))).toBeUndefined();
  });

  itJudgedBy(['qpdf', 'pdftotext'], 'flattens: the values are page text and no field is left', async () => {
    const [output] = await fill([pdfInput(await blankFormPdf())], { values: EVERY_KIND, flatten: true }, ctx());
    const doc = await PDFDocument.load(output!.bytes);
    expect(doc.getForm().getFields()).toHaveLength(0);
    const json = JSON.parse(execFileSync('qpdf', ['--json', '--json-key=acroform', onDisk(output!.bytes)], { encoding: 'utf8' })) as { acroform: { hasacroform: boolean } };
    expect(json.acroform.hasacroform).toBe(false);
    const shown = pdftotext(output!.bytes);
    for (const value of ['Ada Lovelace', '10/12/1815', '12 St James Square', 'London', 'France', 'Lyon', 'AL-1815', 'Second page note']) expect(shown).toContain(value);
  });

  itJudgedBy(['pdftotext'], 'draws text Helvetica cannot (Cyrillic, Greek) with an embedded font', async () => {
    const [output] = await fill([pdfInput(await blankFormPdf())], { values: { name: 'Софья Ковалевская', address: 'Αθήνα' }, flatten: true }, ctx());
    const shown = pdftotext(output!.bytes);
    expect(shown).toContain('Софья Ковалевская');
    expect(shown).toContain('Αθήνα');
  });

  itJudgedBy(['pdftotext'], 'draws Chinese and Japanese values with the CJK fonts', async () => {
    const [output] = await fill([pdfInput(await blankFormPdf())], { values: { name: '李白', notes: 'ひらがな' }, flatten: true }, ctx());
    const shown = pdftotext(output!.bytes);
    expect(shown).toContain('李白');
    expect(shown).toContain('ひらがな');
  }, 60_000);

  it('keeps a Cyrillic value readable in the editable form', async () => {
    const [output] = await fill([pdfInput(await blankFormPdf())], { values: { name: 'Софья' } }, ctx());
    expect((await pdfFieldValues(output!.bytes)).name).toBe('Софья');
  });

  itJudgedBy(['qpdf'], 'makes one filled PDF per CSV row, named by the chosen column', async () => {
    const csv = 'name,subscribe,size,country,colours\nAda Lovelace,yes,Small,France,Red\n"Grace Hopper",no,Large,Italy,"Green; Blue"\nAlan Turing,x,Medium,Germany,\n';
    const inputs = [text(csv, 'people.csv'), pdfInput(await blankFormPdf(), 'form.pdf')];
    const outputs = await fill(inputs, { nameColumn: 'name' }, ctx());
    expect(outputs).toHaveLength(3);
    const names = namedOutputs(manifest, inputs.map((i) => ({ name: i.name, size: i.bytes.length })), outputs, { nameColumn: 'name' }).map((o) => o.name);
    expect(names).toEqual(['form-Ada Lovelace.pdf', 'form-Grace Hopper.pdf', 'form-Alan Turing.pdf']);
    const values = await Promise.all(outputs.map((o) => pdfFieldValues(o.bytes)));
    expect(values.map((v) => [v.name, v.subscribe, v.size, v.country, v.colours])).toEqual([
      ['Ada Lovelace', 'checked', 'Small', 'France', 'Red'],
      ['Grace Hopper', '', 'Large', 'Italy', 'Green, Blue'],
      ['Alan Turing', 'checked', 'Medium', 'Germany', ''],
    ]);
    expect(qpdfValues(outputs[1]!.bytes)).toMatchObject({ name: 'u:Grace Hopper', size: '/2' });
    expect(outputs.map((o) => o.meta?.row)).toEqual([1, 2, 3]);
  });

  it('names copies by row number without a name column, and by number when the cell is blank', async () => {
    const csv = 'id,name\nA1,Ada\n,Grace\n';
    const inputs = [pdfInput(await blankFormPdf(), 'form.pdf'), text(csv, 'rows.csv')];
    const plain = await fill(inputs, { nameColumn: 'id' }, ctx());
    const files = inputs.map((i) => ({ name: i.name, size: 1 }));
    expect(namedOutputs(manifest, files, plain, {}).map((o) => o.name)).toEqual(['form-A1.pdf', 'form-2.pdf']);
    await expect(fill(inputs, {}, ctx())).rejects.toThrow('The column "id" in rows.csv names no field of the form.');
    const byNumber = await fill([inputs[0]!, text('name\nAda\nGrace\n', 'rows.csv')], {}, ctx());
    expect(namedOutputs(manifest, files, byNumber, {}).map((o) => o.name)).toEqual(['form-1.pdf', 'form-2.pdf']);
  });

  it('takes a JSON object for one copy and a JSON list for several', async () => {
    const form = pdfInput(await blankFormPdf(), 'form.pdf');
    const [one] = await fill([form, text(JSON.stringify({ name: 'Ada', subscribe: true, colours: ['Green'] }), 'values.json')], {}, ctx());
    expect(await pdfFieldValues(one!.bytes)).toMatchObject({ name: 'Ada', subscribe: 'checked', colours: 'Green' });
    const several = await fill([form, text(JSON.stringify([{ name: 'Ada' }, { name: 'Grace', size: 'Large' }]), 'values.json')], {}, ctx());
    expect((await Promise.all(several.map((o) => pdfFieldValues(o.bytes)))).map((v) => [v.name, v.size])).toEqual([
      ['Ada', ''],
      ['Grace', 'Large'],
    ]);
  });

  it('names the CSV columns that are no field, with the form\'s fields', async () => {
    const inputs = [pdfInput(await blankFormPdf()), text('name,Email,phone\nAda,a@b.c,1\n', 'people.csv')];
    await expect(fill(inputs, {}, ctx())).rejects.toThrow(/^The columns "Email", "phone" in people\.csv name no field of the form\. The form's fields are: "name", "birthdate"/);
  });

  it('says which row and field a value is not allowed in', async () => {
    const inputs = [pdfInput(await blankFormPdf()), text('name,country\nAda,France\nGrace,Spain\n', 'people.csv')];
    const progress = ctx();
    await expect(fill(inputs, {}, progress)).rejects.toThrow('"Spain" is not a choice of the field "country" (row 3 of people.csv). Its choices are: "Germany", "France", "Italy".');
    // Found before the first copy was made.
    expect(progress.onProgress).not.toHaveBeenCalledWith(1, 2);
    await expect(fill([pdfInput(await blankFormPdf())], { values: { size: 'Huge' } }, ctx())).rejects.toThrow('"Huge" is not a choice of the field "size". Its choices are: "Small", "Medium", "Large".');
    await expect(fill([pdfInput(await blankFormPdf())], { values: { subscribe: 'maybe' } }, ctx())).rejects.toThrow('The check box "subscribe" takes Yes or No (or x, or blank), not "maybe".');
    await expect(fill([pdfInput(await blankFormPdf())], { values: { reference: 'TOO-LONG-REF' } }, ctx())).rejects.toThrow('The field "reference" takes at most 8 characters; "TOO-LONG-REF" has 12.');
  });

  it('refuses a name column the CSV does not have', async () => {
    const inputs = [pdfInput(await blankFormPdf()), text('name\nAda\n', 'people.csv')];
    await expect(fill(inputs, { nameColumn: 'surname' }, ctx())).rejects.toThrow('The column "surname" chosen to name the copies is not in people.csv. Its columns are: "name".');
  });

  it('says what a dynamic XFA form is and what to do, and that a PDF without fields has none', async () => {
    await expect(fill([pdfInput(await xfaOnlyPdf())], {}, ctx())).rejects.toThrow(xfaOnlyMessage());
    expect(xfaOnlyMessage()).toMatch(/dynamic XFA form.*Adobe Acrobat Reader/);
    await expect(fill([pdfInput(await noFieldsPdf())], {}, ctx())).rejects.toThrow(noFieldsMessage());
  });

  it('refuses a file that is not a PDF, a password-protected PDF, and wrong combinations of files', async () => {
    await expect(fill([pdfInput(NOT_A_PDF, 'notes.pdf')], {}, ctx())).rejects.toThrow(notPdfMessage('notes.pdf'));
    await expect(fill([pdfInput(await encryptedPdf(await blankFormPdf(), 'secret'))], {}, ctx())).rejects.toThrow(encryptedMessage());
    await expect(fill([text('name\nAda\n', 'people.csv')], {}, ctx())).rejects.toThrow(noFormMessage());
    const form = pdfInput(await blankFormPdf());
    await expect(fill([form, form], {}, ctx())).rejects.toThrow(twoFormsMessage());
    await expect(fill([form, text('{"name": "Ada"', 'values.json')], {}, ctx())).rejects.toThrow(/^The file values\.json is not valid JSON/);
    await expect(fill([form, text('name\n', 'people.csv')], {}, ctx())).rejects.toThrow('The file people.csv has a header row but no data rows: add one row of values per filled copy.');
  });

  it('fills a restrictions-only PDF (it opens without a password)', async () => {
    const [output] = await fill([pdfInput(await restrictedPdf(await blankFormPdf()))], { values: { name: 'Ada' } }, ctx());
    expect((await pdfFieldValues(output!.bytes)).name).toBe('Ada');
  });

  it('warns that a signed PDF\'s signature no longer verifies once filled', async () => {
    const doc = await PDFDocument.load(await blankFormPdf());
    doc.getForm().getField('signature').acroField.dict.set(PDFName.of('V'), doc.context.register(doc.context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite' })));
    const [output] = await fill([pdfInput(await doc.save())], { values: { name: 'Ada' } }, ctx());
    expect(output!.notice).toBe('This PDF was signed ("signature"). The signature is kept, but a filled copy is a changed file, so it no longer verifies: fill the form before it is signed.');
    expect(output!.noticeTone).toBe('warning');
  });

  it('leaves read-only fields as they are', async () => {
    const doc = await PDFDocument.load(await blankFormPdf());
    const field = doc.getForm().getField('notes') as PDFTextField;
    field.setText('Fixed');
    field.enableReadOnly();
    const [output] = await fill([pdfInput(await doc.save())], { values: { notes: 'Changed', name: 'Ada' } }, ctx());
    expect(await pdfFieldValues(output!.bytes)).toMatchObject({ notes: 'Fixed', name: 'Ada' });
  });
});
