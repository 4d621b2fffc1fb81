import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { makeIdentity, p12Input } from '../../tests/fixtures/certificate';
import { ctx, numberedPdf, pdfInput, restrictedPdf } from '../../tests/fixtures/pdf/make';
import { certifiedMessage, protectedMessage } from '../lib/pdf/sign-certificate';
import { hasJudges, itJudgedBy } from '../../tests/support/judges';
import { asWorkerCalls } from '../../tests/support/run-processor';
import processor from './sign-pdf-certificate';

const sign = asWorkerCalls(processor);
const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'sign-pdf-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const identity = makeIdentity('correct horse', { withCa: true });
const values = { password: 'correct horse', reason: 'I approve this document', location: 'Lyon' };

async function pdfsig(bytes: Uint8Array): Promise<string> {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  try {
    const { stdout } = await run('pdfsig', [path]);
    return stdout;
  } catch (error) {
    // pdfsig exits non-zero when a signature does not validate; its report is still on stdout.
    return (error as { stdout?: string }).stdout ?? '';
  }
}

async function qpdfCheck(bytes: Uint8Array): Promise<void> {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(path, bytes);
  await run('qpdf', ['--check', path]);
}

const validLines = (report: string) => report.split('\n').filter((line) => /Signature Validation: Signature is Valid/.test(line)).length;

describe('sign-pdf-certificate', () => {
  itJudgedBy(['pdfsig', 'qpdf'], 'signs so pdfsig finds a valid signature by the certificate holder, appended to the original bytes', async () => {
    const input = await numberedPdf(2);
    const copy = input.slice();
    const [out] = await sign([pdfInput(input), p12Input(identity.p12)], values, ctx());
    expect(input).toEqual(copy);
    expect(out.bytes.subarray(0, input.length)).toEqual(input);
    expect(out.source).toBe(0);
    expect(out.meta).toMatchObject({ signedBy: 'Alice Example', signatures: 1 });
    const report = await pdfsig(out.bytes);
    expect(report).toContain('Signature #1');
    expect(report).toMatch(/Signer Certificate Common Name: Alice Example/);
    expect(report).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
    expect(report).toMatch(/Signing Hash Algorithm: SHA-256/);
    expect(validLines(report)).toBe(1);
    await qpdfCheck(out.bytes);
  });

  itJudgedBy(['pdfsig', 'qpdf'], 'signs a signed PDF again without breaking the first signature', async () => {
    const [once] = await sign([pdfInput(await numberedPdf(1)), p12Input(identity.p12)], values, ctx());
    const bob = makeIdentity('', { commonName: 'Bob Second' });
    const [twice] = await sign([pdfInput(once.bytes, 'signed.pdf'), p12Input(bob.p12, 'bob.pfx')], { password: '', visible: false }, ctx());
    expect(twice.bytes.subarray(0, once.bytes.length)).toEqual(once.bytes);
    expect(twice.meta).toMatchObject({ signedBy: 'Bob Second', signatures: 2 });
    const report = await pdfsig(twice.bytes);
    expect(report).toContain('Signature #2');
    expect(report).toMatch(/Common Name: Alice Example/);
    expect(report).toMatch(/Common Name: Bob Second/);
    expect(validLines(report)).toBe(2);
    await qpdfCheck(twice.bytes);
  });

  itJudgedBy('pdfsig', 'a changed byte of the signed content makes the signature invalid', async () => {
    const [out] = await sign([pdfInput(await numberedPdf(1)), p12Input(identity.p12)], values, ctx());
    const text = new TextDecoder('latin1').decode(out.bytes);
    const tampered = out.bytes.slice();
    // A digit of the page's MediaBox: still a readable PDF, but not the bytes that were signed.
    const at = text.indexOf('/MediaBox [') + '/MediaBox ['.length;
    tampered[at] = tampered[at] === 0x30 ? 0x31 : 0x30;
    const report = await pdfsig(tampered);
    expect(validLines(report)).toBe(0);
    expect(report).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });

  it('says when the password is wrong and when the certificate file is missing or has no key', async () => {
    const input = pdfInput(await numberedPdf(1));
    await expect(sign([input, p12Input(identity.p12)], { password: 'wrong' }, ctx())).rejects.toThrow(/certificate password is incorrect/);
    await expect(sign([input], { password: 'x' }, ctx())).rejects.toThrow(/add your certificate file/);
    const keyless = makeIdentity('pw', { withKey: false });
    await expect(sign([input, p12Input(keyless.p12)], { password: 'pw' }, ctx())).rejects.toThrow(/no private key/);
    await expect(sign([input, p12Input(new TextEncoder().encode('not a p12'), 'x.p12')], { password: 'pw' }, ctx())).rejects.toThrow(
      /x\.p12 is not a certificate file/,
    );
    await expect(sign([pdfInput(new TextEncoder().encode('plain text')), p12Input(identity.p12)], values, ctx())).rejects.toThrow(/is not a PDF/);
  });

  it('signs with an expired certificate but warns', async () => {
    const old = makeIdentity('pw', { expired: true, algorithm: '3des' });
    const [out] = await sign([pdfInput(await numberedPdf(1)), p12Input(old.p12)], { password: 'pw' }, ctx());
    expect(out.noticeTone).toBe('warning');
    expect(out.notice).toMatch(/certificate expired on \d{4}-\d{2}-\d{2}/);
  });

  it('refuses a restricted PDF, whose protection would have to change it after signing, and points to Unlock PDF', async () => {
    const restricted = await restrictedPdf(await numberedPdf(1));
    const error = await sign([pdfInput(restricted), p12Input(identity.p12)], values, ctx()).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ToolError', message: protectedMessage(), link: { href: '/tools/unlock-pdf' } });
  });

  itJudgedBy('pdfsig', 'keeps the fields of a PDF form and adds the signature field to them; signs several PDFs with one certificate', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595, 842]);
    doc.getForm().createTextField('name').addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
    const form = await doc.save();
    const outputs = await sign([pdfInput(form, 'form.pdf'), p12Input(identity.p12), pdfInput(await numberedPdf(1), 'plain.pdf')], values, ctx());
    expect(outputs.map((o) => o.source)).toEqual([0, 2]);
    const signed = await PDFDocument.load(outputs[0].bytes);
    expect(signed.getForm().getFields().map((f) => f.getName())).toEqual(['name', 'Signature1']);
    for (const out of outputs) expect(validLines(await pdfsig(out.bytes))).toBe(1);
  });

  const openssl = (() => {
    try {
      execFileSync('openssl', ['version']);
      return true;
    } catch {
      return false;
    }
  })();

  // node-forge cannot write an EC key into a PKCS#12 file; OpenSSL can.
  it.skipIf(!openssl || !hasJudges('pdfsig'))('signs with an ECDSA P-256 key from a PKCS#12 file made by OpenSSL 3 (AES-256, SHA-256 MAC)', async () => {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-keyout', join(dir, 'ec.key'), '-out', join(dir, 'ec.crt'), '-days', '30', '-nodes', '-subj', '/CN=Eve Curve'], { stdio: 'ignore' });
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', join(dir, 'ec.key'), '-in', join(dir, 'ec.crt'), '-out', join(dir, 'ec.p12'), '-passout', 'pass:ec pw'], { stdio: 'ignore' });
    const [out] = await sign([pdfInput(await numberedPdf(1)), p12Input(new Uint8Array(readFileSync(join(dir, 'ec.p12'))), 'ec.pfx')], { password: 'ec pw' }, ctx());
    const report = await pdfsig(out.bytes);
    expect(report).toContain('Common Name: Eve Curve');
    expect(validLines(report)).toBe(1);
  });

  it('puts the visible box in the chosen corner as the page is displayed, turned to read upright on a turned page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([400, 600]).setRotation(degrees(90));
    const [out] = await sign([pdfInput(await doc.save()), p12Input(identity.p12)], { ...values, corner: 'top-left', page: 'first' }, ctx());
    const signed = await PDFDocument.load(out.bytes);
    const widget = signed.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray).lookup(0, PDFDict);
    const rect = widget.lookup(PDFName.of('Rect'), PDFArray).asArray().map((n) => (n as PDFNumber).asNumber());
    // Shown turned a quarter clockwise, the page's top-left corner is user space's bottom-left: the box is tall there.
    expect(rect[0]).toBeLessThan(50);
    expect(rect[1]).toBeLessThan(50);
    expect(rect[3] - rect[1]).toBeGreaterThan(rect[2] - rect[0]);
    const form = widget.lookup(PDFName.of('AP'), PDFDict).lookup(PDFName.of('N')) as PDFRawStream;
    expect(form.dict.lookup(PDFName.of('Matrix'), PDFArray).asArray().map((n) => (n as PDFNumber).asNumber())).toEqual([0, 1, -1, 0, 0, 0]);
  });

  it('refuses a PDF certified to allow no change, and signs one certified to allow signing', async () => {
    const certified = async (p: number) => {
      const doc = await PDFDocument.create();
      doc.addPage([300, 300]);
      const reference = doc.context.obj({ TransformMethod: 'DocMDP', TransformParams: { Type: 'TransformParams', P: p, V: '1.2' } });
      const signature = doc.context.register(doc.context.obj({ Type: 'Sig', Reference: [reference] }));
      doc.catalog.set(PDFName.of('Perms'), doc.context.obj({ DocMDP: signature }));
      return doc.save();
    };
    await expect(sign([pdfInput(await certified(1)), p12Input(identity.p12)], values, ctx())).rejects.toThrow(certifiedMessage());
    const [out] = await sign([pdfInput(await certified(2)), p12Input(identity.p12)], values, ctx());
    expect(out.meta).toMatchObject({ signedBy: 'Alice Example' });
  });
});
