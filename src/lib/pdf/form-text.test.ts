import { describe, expect, it } from 'vitest';
import { fieldLines, SELECTED_MARK } from './form-text';
import { freeName } from './form-fields';

describe('fieldLines', () => {
  it('gives typed text line by line, and nothing for empty, hidden or password fields', () => {
    expect(fieldLines({ fieldType: 'Tx', fieldValue: 'First line\r\nSecond line\n\n' }, false)).toEqual(['First line', 'Second line']);
    expect(fieldLines({ fieldType: 'Tx', fieldValue: '   ' }, false)).toEqual([]);
    expect(fieldLines({ fieldType: 'Tx', fieldValue: 'secret', password: true }, false)).toEqual([]);
    expect(fieldLines({ fieldType: 'Tx', fieldValue: 'not shown', hidden: true }, false)).toEqual([]);
  });

  it('gives the shown names of chosen entries, not their export values', () => {
    const options = [
      { exportValue: 'FR', displayValue: 'France' },
      { exportValue: 'IT', displayValue: 'Italy' },
    ];
    expect(fieldLines({ fieldType: 'Ch', fieldValue: ['FR', 'IT'], options }, false)).toEqual(['France, Italy']);
    expect(fieldLines({ fieldType: 'Ch', fieldValue: [], options }, false)).toEqual([]);
  });

  it('marks a selected box, with its export value only where no printed label says what it means', () => {
    const married = { fieldType: 'Btn', checkBox: true, exportValue: 'Married' };
    expect(fieldLines({ ...married, fieldValue: 'Married' }, false)).toEqual([SELECTED_MARK]);
    expect(fieldLines({ ...married, fieldValue: 'Married' }, true)).toEqual([`${SELECTED_MARK} Married`]);
    expect(fieldLines({ ...married, fieldValue: 'Off' }, true)).toEqual([]);
    expect(fieldLines({ fieldType: 'Btn', checkBox: true, exportValue: 'Yes', fieldValue: 'Yes' }, true)).toEqual([SELECTED_MARK]);
    // Radio buttons: only the chosen one of the group is marked; numbered export values say nothing.
    expect(fieldLines({ fieldType: 'Btn', radioButton: true, buttonValue: '1', fieldValue: '1' }, true)).toEqual([SELECTED_MARK]);
    expect(fieldLines({ fieldType: 'Btn', radioButton: true, buttonValue: '0', fieldValue: '1' }, true)).toEqual([]);
    expect(fieldLines({ fieldType: 'Btn', fieldValue: 'Go' }, true)).toEqual([]);
  });
});

describe('freeName', () => {
  it('keeps a free name and numbers a taken one from 2', () => {
    expect(freeName('name', new Set())).toBe('name');
    expect(freeName('name', new Set(['name']))).toBe('name_2');
    expect(freeName('name', new Set(['name', 'name_2']))).toBe('name_3');
  });
});
