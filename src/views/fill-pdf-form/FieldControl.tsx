/**
 * One form field as a real control, labelled by its tooltip or name: text,
 * multi-line, a date picker that writes the form's own date format, a check
 * box, a radio group, a list box, a dropdown (with typed text when the form
 * allows it). Signature fields and push buttons are shown, not filled.
 */
import type { CSSProperties } from 'react';
import { t } from '../../lib/i18n/messages';
import type { FieldValue, FormFieldInfo } from '../../lib/pdf/form-fill';

/** Months in English, as Acrobat's AFDate formats spell them (a value written into the form, not a text of the page). */
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A date picker's yyyy-mm-dd in an AFDate format (d, dd, m, mm, mmm, mmmm, yy, yyyy); undefined for formats with a time. */
export function formatDate(iso: string, format: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match || /[hHMt]/.test(format)) return undefined;
  const [, y, m, d] = match as unknown as [string, string, string, string];
  const month = Number(m);
  const tokens: Record<string, string> = {
    yyyy: y,
    yy: y.slice(2),
    mmmm: MONTHS[month - 1]!,
    mmm: MONTHS[month - 1]!.slice(0, 3),
    mm: m,
    m: String(month),
    dd: d,
    d: String(Number(d)),
  };
  return format.replace(/yyyy|yy|mmmm|mmm|mm|m|dd|d/g, (token) => tokens[token]!);
}

interface Props {
  field: FormFieldInfo;
  value: FieldValue;
  onChange(value: FieldValue): void;
  disabled: boolean;
  signatureNote: string;
}

/** Where a radio button sits within its group's box, in percentages; undefined leaves it in the flow. */
function optionPlace(field: FormFieldInfo, i: number): CSSProperties | undefined {
  const box = field.rect;
  const own = field.optionRects?.[i];
  if (!box || !own || box[2] <= 0 || box[3] <= 0) return undefined;
  return {
    left: `${((own[0] - box[0]) / box[2]) * 100}%`,
    top: `${((box[1] + box[3] - (own[1] + own[3])) / box[3]) * 100}%`,
    width: `${(own[2] / box[2]) * 100}%`,
    height: `${(own[3] / box[3]) * 100}%`,
  };
}

const idOf = (name: string) => `ffv-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;

export function FieldControl({ field, value, onChange, disabled, signatureNote }: Props) {
  const id = idOf(field.name);
  const common = { id, disabled: disabled || field.readOnly, 'aria-required': field.required || undefined, title: field.label };
  const text = typeof value === 'string' ? value : '';
  const label = (
    <label htmlFor={id} className="ffv-label">
      {field.label}
      {field.required && <span aria-hidden="true"> *</span>}
    </label>
  );

  switch (field.kind) {
    case 'text':
      return (
        <>
          {label}
          <input {...common} type="text" className="ffv-input" value={text} maxLength={field.maxLength} onChange={(e) => onChange(e.target.value)} />
        </>
      );
    case 'multiline':
      return (
        <>
          {label}
          <textarea {...common} className="ffv-input" value={text} maxLength={field.maxLength} onChange={(e) => onChange(e.target.value)} />
        </>
      );
    case 'date':
      return (
        <>
          {label}
          <span className="ffv-date">
            <input {...common} type="text" className="ffv-input" value={text} placeholder={field.dateFormat} onChange={(e) => onChange(e.target.value)} />
            <input
              type="date"
              className="ffv-picker"
              aria-label={t('pdf-views.fill.pickDate', { label: field.label })}
              disabled={common.disabled}
              onChange={(e) => onChange(formatDate(e.target.value, field.dateFormat ?? 'yyyy-mm-dd') ?? e.target.value)}
            />
          </span>
        </>
      );
    case 'checkbox':
      return (
        <span className="ffv-check">
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {label}
        </span>
      );
    case 'radio':
      return (
        <fieldset className="ffv-radios" disabled={common.disabled} title={field.label}>
          <legend className="ffv-label">{field.label}</legend>
          {(field.options ?? []).map((option, i) => (
            <span key={option} className="ffv-check ffv-option" style={optionPlace(field, i)}>
              <input type="radio" id={`${id}-${i}`} name={id} value={option} checked={text === option} onChange={() => onChange(option)} />
              <label htmlFor={`${id}-${i}`} className="ffv-option-label">
                {option}
              </label>
            </span>
          ))}
        </fieldset>
      );
    case 'list': {
      const chosen = Array.isArray(value) ? value : text ? [text] : [];
      return (
        <>
          {label}
          <select
            {...common}
            className="ffv-input"
            multiple={field.multiple}
            size={Math.min(4, Math.max(2, field.options?.length ?? 2))}
            value={field.multiple ? chosen : (chosen[0] ?? '')}
            onChange={(e) => onChange(field.multiple ? [...e.target.selectedOptions].map((o) => o.value) : e.target.value)}
          >
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </>
      );
    }
    case 'combo':
      if (field.editable) {
        return (
          <>
            {label}
            <input {...common} className="ffv-input" list={`${id}-choices`} value={text} onChange={(e) => onChange(e.target.value)} />
            <datalist id={`${id}-choices`}>
              {(field.options ?? []).map((option) => (
                <option key={option} value={option} />
              ))}
            </datalist>
          </>
        );
      }
      return (
        <>
          {label}
          <select {...common} className="ffv-input" value={text} onChange={(e) => onChange(e.target.value)}>
            <option value="">{t('pdf-views.fill.noChoice')}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </>
      );
    case 'signature':
      return (
        <span className="ffv-note" title={field.label}>
          {t('pdf-views.fill.signatureField', { label: field.label, note: signatureNote })}
        </span>
      );
    default:
      return null;
  }
}
