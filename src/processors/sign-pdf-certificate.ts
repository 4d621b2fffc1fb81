/**
 * Sign PDF with Certificate: a digital signature (PAdES B-B, detached CMS
 * with SHA-256) made with the visitor's own certificate and private key from
 * a .p12 or .pfx file given beside the PDFs. The certificate file and its
 * password stay in this run: nothing is sent anywhere, so no timestamp
 * authority is asked and the signature carries the device's clock time.
 *
 * The signature is appended as an incremental update, so a PDF that is
 * already signed keeps its earlier signatures valid. Re-applying a
 * restricted input's encryption afterwards would change the signed bytes, so
 * the processor owns its outputs' encryption and refuses protected PDFs.
 */
import { z } from 'zod';
import { defineProcessor } from '../contract/processor';
import type { ToolInput, ToolOutput } from '../contract/types';
import { cmsSigner } from '../lib/certificate/cms';
import { readPkcs12 } from '../lib/certificate/pkcs12';
import { isToolError, throwIfAborted, ToolError } from '../lib/errors';
import { looksLikePdf } from '../lib/pdf/messages';
import { signPdf } from '../lib/pdf/sign-certificate';
import { runText } from '../lib/i18n/run-messages';

/** The options of manifests/pdf/sign-pdf-certificate.json. */
export const options = z.object({
  /** The certificate file's password; never part of an output or a record. */
  password: z.string(),
  visible: z.boolean().default(true),
  page: z.enum(['first', 'last']).default('last'),
  corner: z.enum(['bottom-right', 'bottom-left', 'top-right', 'top-left']).default('bottom-right'),
  reason: z.string().default(''),
  location: z.string().default(''),
});

export const noCertificateMessage = () => runText('processors.signPdfCertificate.noCertificate');
export const twoCertificatesMessage = () => runText('processors.signPdfCertificate.twoCertificates');
export const noPdfMessage = () => runText('processors.signPdfCertificate.noPdf');

const isCertificateName = (name: string) => /\.(p12|pfx)$/i.test(name);

function dateText(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A Warning for a certificate outside its validity period: the signature is made, but readers will not accept it as valid then. */
function validityWarning(notBefore: Date, notAfter: Date, now: Date): string | undefined {
  if (now > notAfter)
    return runText('processors.signPdfCertificate.expired', { date: dateText(notAfter) });
  if (now < notBefore)
    return runText('processors.signPdfCertificate.notYetValid', { date: dateText(notBefore) });
  return undefined;
}

export default defineProcessor(
  options,
  async (inputs, values, ctx) => {
    const certificates = inputs.filter((input) => isCertificateName(input.name) || (!looksLikePdf(input.bytes) && !/\.pdf$/i.test(input.name)));
    const pdfs = inputs.map((input, index) => ({ input, index })).filter(({ input }) => !certificates.includes(input));
    if (certificates.length === 0) throw new ToolError(noCertificateMessage());
    if (certificates.length > 1) throw new ToolError(twoCertificatesMessage());
    if (pdfs.length === 0) throw new ToolError(noPdfMessage());

    const certificate: ToolInput = certificates[0];
    const signer = await cmsSigner(readPkcs12(certificate.bytes, certificate.name, values.password));
    throwIfAborted(ctx.signal);
    const time = new Date();
    const warning = validityWarning(signer.facts.notBefore, signer.facts.notAfter, time);

    const outputs: ToolOutput[] = [];
    for (const [i, { input, index }] of pdfs.entries()) {
      ctx.onProgress(i, pdfs.length);
      try {
        const { bytes, earlier } = await signPdf(input.bytes, input.name, signer, { ...values, time });
        outputs.push({
          bytes,
          type: 'application/pdf',
          source: index,
          meta: { signedBy: signer.facts.name, signatures: earlier + 1 },
          // Said once for the run, not once per PDF.
          ...(warning && outputs.length === 0 ? { notice: warning, noticeTone: 'warning' as const } : {}),
        });
      } catch (error) {
        // One PDF that cannot be signed leaves the others signed, where the host can report it.
        if (pdfs.length > 1 && ctx.fail && isToolError(error)) ctx.fail(input.name, error);
        else throw error;
      }
      throwIfAborted(ctx.signal);
    }
    ctx.onProgress(pdfs.length, pdfs.length);
    return outputs;
  },
  { ownsEncryption: true },
);
