/**
 * An image option field (a logo for a watermark): a labelled file chooser,
 * and once an image is chosen, its thumbnail, its name and a button that
 * removes it. The value is the image as a data URL (contract/image-value.ts),
 * which the form's zod schema checks like any other value. A file that is too
 * large is refused before it is read, and an image whose header claims more
 * pixels than the browser can draw is refused from its header.
 */
import { Button, Text } from '@radix-ui/themes';
import { X } from 'lucide-react';
import { useRef, type ChangeEvent, type ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { imageTooLargeMessage, imageValue, imageValueHead, imageValueProblem, type ImageField } from '../../contract/image-value';
import { isToolError } from '../../lib/errors';
import { t } from '../../lib/i18n/messages';
import './image-option-field.css';

type FormValues = Record<string, string | number | boolean | null>;

interface ImageOptionFieldProps {
  field: ImageField;
  form: UseFormReturn<FormValues>;
  id: string;
  disabled: boolean;
  /** The id of the help text, when the field has one. */
  described?: string;
  help: ReactNode;
}

/** The extensions and types the file chooser offers. */
function acceptAttribute(field: ImageField): string {
  return Object.entries(field.accept)
    .flatMap(([type, extensions]) => [type, ...extensions])
    .join(',');
}

/**
 * What is wrong with a chosen PNG or JPEG from its header, or null; other kinds are left to the
 * schema, which names them. The header readers load only when an image is chosen: every tool page
 * carries this form.
 */
async function headerProblem(name: string, bytes: Uint8Array): Promise<string | null> {
  const [{ sniffFormat }, { checkImageInput }] = await Promise.all([import('../../lib/image/header'), import('../../lib/image/limits')]);
  const format = sniffFormat(bytes);
  if (format !== 'png' && format !== 'jpeg') return null;
  try {
    checkImageInput(name, bytes, format);
    return null;
  } catch (error) {
    if (isToolError(error)) return error.message;
    throw error;
  }
}

export function ImageOptionField({ field, form, id, disabled, described, help }: ImageOptionFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const value = form.watch(field.name);
  const head = typeof value === 'string' && value !== '' ? imageValueHead(value) : null;
  const error = form.formState.errors[field.name];
  const errorId = `${id}-error`;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    if (file.size > field.maxBytes) {
      form.setError(field.name, { type: 'image', message: imageTooLargeMessage(field, file.name, file.size) });
      event.target.value = '';
      return;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const problem = await headerProblem(file.name, bytes);
    if (problem) {
      form.setError(field.name, { type: 'image', message: problem });
      event.target.value = '';
      return;
    }
    const chosen = imageValue(file.name, file.type, bytes);
    form.setValue(field.name, chosen, { shouldValidate: true, shouldDirty: true });
    // Said at once, from the same words as the schema's: the form's validation may still be loading.
    const wrongKind = imageValueProblem(field, chosen, false);
    if (wrongKind) form.setError(field.name, { type: 'image', message: wrongKind });
  };

  const remove = () => {
    form.setValue(field.name, '', { shouldDirty: true });
    form.clearErrors(field.name);
    if (input.current) {
      // Cleared so that choosing the same file again is a change.
      input.current.value = '';
      input.current.focus();
    }
  };

  return (
    <div className="field">
      <label htmlFor={id} className="field-label">
        {field.label}
      </label>
      {head && (
        <div className="image-field-chosen" data-testid="image-field-chosen">
          <img className="image-field-thumb" src={value as string} alt="" />
          <span className="image-field-name">{head.name}</span>
          <Button type="button" size="1" variant="soft" color="red" onClick={remove} disabled={disabled} aria-label={t('engine.removeFile.label', { name: head.name })}>
            <X size={14} aria-hidden="true" /> {t('engine.imageField.remove')}
          </Button>
        </div>
      )}
      <input
        ref={input}
        id={id}
        type="file"
        className="image-field-input"
        accept={acceptAttribute(field)}
        disabled={disabled}
        aria-describedby={[described, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        aria-invalid={!!error}
        onChange={(event) => void choose(event)}
      />
      {help}
      {error && (
        <Text as="p" size="1" color="red" role="alert" className="field-error" id={errorId}>
          {String(error.message ?? field.invalidMessage)}
        </Text>
      )}
    </div>
  );
}
