/** Typing a signature (the keyboard way to sign), shown in the slanted DejaVu Sans the PDF will embed. */
import { TextField } from '@radix-ui/themes';
import { useId, useState } from 'react';
import { t, type MessageId } from '../../lib/i18n/messages';
import { SignatureLook, type SignatureFont, type SignatureValue } from './signature-value';

/** The processor refuses longer typed signatures. */
export const MAX_TYPED_LENGTH = 100;

const STYLES: { value: SignatureFont; label: MessageId }[] = [
  { value: 'italic', label: 'pdf-views.esign.type.slanted' },
  { value: 'boldItalic', label: 'pdf-views.esign.type.slantedBold' },
];

export function SignatureType({ onChange, disabled }: { onChange(value: SignatureValue | null): void; disabled?: boolean }) {
  const id = useId();
  const [text, setText] = useState('');
  const [font, setFont] = useState<SignatureFont>('italic');
  const update = (nextText: string, nextFont: SignatureFont) => {
    setText(nextText);
    setFont(nextFont);
    const clean = nextText.replace(/\s+/g, ' ').trim();
    onChange(clean ? { kind: 'text', text: clean, font: nextFont } : null);
  };
  const clean = text.replace(/\s+/g, ' ').trim();
  return (
    <div className="sig-pad">
      <div className="sig-type-fields">
        <div className="field">
          <label htmlFor={`${id}-text`} className="field-label">
            {t('pdf-views.esign.type.label')}
          </label>
          <TextField.Root
            id={`${id}-text`}
            value={text}
            maxLength={MAX_TYPED_LENGTH}
            placeholder={t('pdf-views.esign.type.placeholder')}
            autoComplete="name"
            disabled={disabled}
            onChange={(e) => update(e.target.value, font)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-style`} className="field-label">
            {t('pdf-views.esign.type.lettering')}
          </label>
          <select id={`${id}-style`} className="field-select" value={font} disabled={disabled} onChange={(e) => update(text, e.target.value as SignatureFont)}>
            {STYLES.map((s) => (
              <option key={s.value} value={s.value}>
                {t(s.label)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="sig-type-preview" aria-hidden="true">
        {clean && <SignatureLook signature={{ kind: 'text', text: clean, font }} />}
      </div>
    </div>
  );
}
