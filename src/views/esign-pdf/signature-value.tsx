/**
 * The signature the visitor made (a picture or typed text), what the eSign
 * processor receives for it, and how it looks inside the placed box.
 */
import dejavuOblique from 'dejavu-fonts-ttf/ttf/DejaVuSans-Oblique.ttf?url';
import dejavuBoldOblique from 'dejavu-fonts-ttf/ttf/DejaVuSans-BoldOblique.ttf?url';
import type { OptionValues } from '../../../schemas/manifest';
import { t } from '../../lib/i18n/messages';

export type SignatureFont = 'italic' | 'boldItalic';

export type SignatureValue =
  /** Drawn or uploaded: base64 PNG/JPEG bytes, a URL to show them, and their pixel size. */
  | { kind: 'image'; base64: string; url: string; width: number; height: number }
  | { kind: 'text'; text: string; font: SignatureFont };

/** The processor options for a signature (see EsignPdfOptions). */
export function signatureOptions(signature: SignatureValue): OptionValues {
  return signature.kind === 'image' ? { signatureImage: signature.base64 } : { signatureText: signature.text, signatureFont: signature.font };
}

/** Width over height of the signature, used for the box a click places. */
export function signatureAspect(signature: SignatureValue): number {
  if (signature.kind === 'image') return signature.width / signature.height;
  return Math.min(8, Math.max(2.5, 0.55 * [...signature.text].length + 0.8));
}

/** The CSS font family of typed signatures: the same DejaVu Sans Oblique the PDF embeds, served by the site. */
export const SIGNATURE_FAMILY = 'FileDesk Signature';
let fontsAdded = false;

/** Registers the signature font with the page once (browsers only; test DOMs have no FontFace). */
export function registerSignatureFont(): void {
  if (fontsAdded || typeof FontFace === 'undefined' || typeof document === 'undefined' || !document.fonts) return;
  fontsAdded = true;
  for (const [url, weight] of [[dejavuOblique, '400'], [dejavuBoldOblique, '700']]) {
    const face = new FontFace(SIGNATURE_FAMILY, `url(${url})`, { weight });
    document.fonts.add(face);
    face.load().catch(() => undefined);
  }
}

/** The signature as shown in the box on the page preview and in the Type tab. */
export function SignatureLook({ signature }: { signature: SignatureValue }) {
  registerSignatureFont();
  if (signature.kind === 'image') return <img className="sig-look-image" src={signature.url} alt={t('pdf-views.esign.signatureAlt')} draggable={false} />;
  return (
    <span
      className="sig-look-text"
      style={{ fontFamily: `'${SIGNATURE_FAMILY}', 'DejaVu Sans', sans-serif`, fontStyle: 'italic', fontWeight: signature.font === 'boldItalic' ? 700 : 400 }}
    >
      {signature.text}
    </span>
  );
}
