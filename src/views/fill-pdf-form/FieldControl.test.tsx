// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { FormFieldInfo } from '../../lib/pdf/form-fill';
import { FieldControl, formatDate } from './FieldControl';

const base: Omit<FormFieldInfo, 'name' | 'kind' | 'label' | 'value'> = { readOnly: false, required: false, page: 0 };
const field = (over: Partial<FormFieldInfo> & Pick<FormFieldInfo, 'name' | 'kind'>): FormFieldInfo => ({ ...base, label: over.name, value: '', ...over });

function draw(info: FormFieldInfo, value = info.value) {
  const onChange = vi.fn();
  render(<FieldControl field={info} value={value} onChange={onChange} disabled={false} signatureNote="kept as it is" />);
  return onChange;
}

describe('formatDate', () => {
  it("writes a picked date in the form's own AFDate format", () => {
    expect(formatDate('1815-12-10', 'dd/mm/yyyy')).toBe('10/12/1815');
    expect(formatDate('2024-03-05', 'm/d/yy')).toBe('3/5/24');
    expect(formatDate('2024-03-05', 'mmmm d, yyyy')).toBe('March 5, 2024');
    expect(formatDate('2024-03-05', 'd-mmm-yy')).toBe('5-Mar-24');
    expect(formatDate('2024-03-05', 'm/d/yy h:MM tt')).toBeUndefined();
  });
});

describe('FieldControl', () => {
  it('labels a text field by its tooltip and reports typing', () => {
    const onChange = draw(field({ name: 'name', kind: 'text', label: 'Full name', maxLength: 8 }));
    const input = screen.getByLabelText('Full name');
    expect(input).toHaveProperty('maxLength', 8);
    fireEvent.change(input, { target: { value: 'Ada' } });
    expect(onChange).toHaveBeenCalledWith('Ada');
  });

  it('gives a date field a picker that types the date in its format', () => {
    const onChange = draw(field({ name: 'birthdate', kind: 'date', dateFormat: 'dd/mm/yyyy' }));
    expect(screen.getByLabelText('birthdate')).toHaveProperty('placeholder', 'dd/mm/yyyy');
    fireEvent.change(screen.getByLabelText('Pick the date for birthdate'), { target: { value: '1815-12-10' } });
    expect(onChange).toHaveBeenCalledWith('10/12/1815');
  });

  it('draws check boxes, radio groups, lists and dropdowns as their native controls', () => {
    const check = draw(field({ name: 'subscribe', kind: 'checkbox', value: false }));
    fireEvent.click(screen.getByLabelText('subscribe'));
    expect(check).toHaveBeenCalledWith(true);

    const radio = draw(field({ name: 'size', kind: 'radio', options: ['Small', 'Large'] }));
    expect(screen.getByRole('group', { name: 'size' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Large'));
    expect(radio).toHaveBeenCalledWith('Large');

    draw(field({ name: 'colours', kind: 'list', multiple: true, options: ['Red', 'Green'], value: [] }));
    expect(screen.getByLabelText('colours')).toHaveProperty('multiple', true);

    draw(field({ name: 'country', kind: 'combo', editable: false, options: ['France'] }));
    expect(screen.getByLabelText('country').tagName).toBe('SELECT');
    draw(field({ name: 'city', kind: 'combo', editable: true, options: ['Paris'] }));
    expect(screen.getByLabelText('city').tagName).toBe('INPUT');
  });

  it('shows a signature field without a control, and read-only fields disabled', () => {
    draw(field({ name: 'signature', kind: 'signature' }));
    expect(screen.getByText('signature: kept as it is')).toBeTruthy();
    draw(field({ name: 'fixed', kind: 'text', readOnly: true }));
    expect(screen.getByLabelText('fixed')).toHaveProperty('disabled', true);
  });
});
