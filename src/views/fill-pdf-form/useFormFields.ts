/**
 * The chosen PDF's form fields, read with the same code the processor fills
 * them with (src/lib/pdf/form-fill.ts), so the names, choices and tab order
 * the page shows are the ones a run accepts. pdf-lib loads with the first
 * PDF, not with the page.
 */
import { useEffect, useState } from 'react';
import type { FormFieldInfo } from '../../lib/pdf/form-fill';

export interface FormFieldsState {
  fields: FormFieldInfo[];
  /** Why the form cannot be filled here (XFA only, no fields, locked, damaged), or null. */
  problem: string | null;
  loading: boolean;
}

const EMPTY: FormFieldsState = { fields: [], problem: null, loading: false };

async function readFields(file: File): Promise<FormFieldInfo[]> {
  const [{ loadPdf }, { fillableForm, listFormFields }] = await Promise.all([import('../../lib/pdf/load'), import('../../lib/pdf/form-fill')]);
  const doc = await loadPdf(new Uint8Array(await file.arrayBuffer()), file.name);
  return listFormFields(doc, fillableForm(doc));
}

export function useFormFields(file: File | undefined): FormFieldsState {
  const [state, setState] = useState<{ file?: File; value: FormFieldsState }>({ value: EMPTY });
  useEffect(() => {
    if (!file) return;
    let live = true;
    setState({ file, value: { ...EMPTY, loading: true } });
    readFields(file).then(
      (fields) => live && setState({ file, value: { fields, problem: null, loading: false } }),
      (error: unknown) => live && setState({ file, value: { fields: [], problem: error instanceof Error ? error.message : String(error), loading: false } }),
    );
    return () => {
      live = false;
    };
  }, [file]);
  return state.file === file && file ? state.value : EMPTY;
}
