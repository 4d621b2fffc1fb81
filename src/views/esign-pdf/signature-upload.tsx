/**
 * Uploading a picture of a signature (PNG or JPG). Its format and pixel size
 * are read from the header first, so an oversized or mislabelled file is
 * refused before the browser decodes it.
 */
import { Text } from '@radix-ui/themes';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { notify } from '../../engine/notify';
import { t } from '../../lib/i18n/messages';
import { isToolError } from '../../lib/errors';
import { bytesToBase64, checkSignatureImage } from '../../lib/image/signature-image';
import { SignatureLook, type SignatureValue } from './signature-value';

export function SignatureUpload({ onChange, disabled }: { onChange(value: SignatureValue | null): void; disabled?: boolean }) {
  const id = useId();
  const [picture, setPicture] = useState<SignatureValue | null>(null);
  const [error, setError] = useState<string | null>(null);

  // The object URL of a replaced or abandoned picture is released.
  useEffect(() => () => void (picture?.kind === 'image' && URL.revokeObjectURL(picture.url)), [picture]);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const header = checkSignatureImage(bytes, t('pdf-views.esign.upload.fileSubject', { name: file.name }));
      const type = header.format === 'png' ? 'image/png' : 'image/jpeg';
      const value: SignatureValue = {
        kind: 'image',
        base64: bytesToBase64(bytes),
        url: URL.createObjectURL(new Blob([bytes], { type })),
        width: header.width,
        height: header.height,
      };
      setError(null);
      setPicture(value);
      onChange(value);
    } catch (problem) {
      const message = isToolError(problem) ? problem.message : t('pdf-views.esign.upload.unreadable', { name: file.name });
      setError(message);
      notify.error(message);
      setPicture(null);
      onChange(null);
    }
  };

  return (
    <div className="sig-pad">
      <div className="field">
        <label htmlFor={id} className="field-label">
          {t('pdf-views.esign.upload.label')}
        </label>
        <input id={id} type="file" accept="image/png,image/jpeg,.png,.jpg,.jpeg" disabled={disabled} onChange={(e) => void choose(e)} data-testid="signature-file" />
      </div>
      {error && (
        <Text as="p" className="pdfv-inline-error" role="alert">
          {error}
        </Text>
      )}
      {picture && (
        <div className="sig-type-preview">
          <SignatureLook signature={picture} />
        </div>
      )}
    </div>
  );
}
