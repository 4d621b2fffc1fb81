/**
 * A generic tool page's options' state (react-hook-form, useToolOptions.ts),
 * which loads with its options form (options-form-lazy.ts), so a page opens
 * without react-hook-form.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import type { FormValues, OptionsFormApi } from './OptionsForm';
import { useResetOnFiles, useToolOptions } from './useToolOptions';
import type { ToolRun } from './useToolRun';

interface OptionsOf {
  manifest: ToolManifest;
  run: ToolRun;
}

function usePageOptions({ manifest, run }: OptionsOf): OptionsFormApi {
  const form = useToolOptions(manifest, run.facts, undefined, run.mode);
  useResetOnFiles(manifest, form, run.files);
  return form;
}

/**
 * Holds the options of a page that is already showing and hands them to it; draws nothing.
 * `onChange` gets the form when it mounts and the values whenever they change, before the browser paints.
 */
export function OptionsState({ onChange, ...page }: OptionsOf & { onChange(options: { form: OptionsFormApi; values: FormValues }): void }) {
  const form = usePageOptions(page);
  const values = form.watch();
  const valuesKey = JSON.stringify(values);
  useLayoutEffect(() => {
    onChange({ form, values });
    // valuesKey stands for values, which is a new object on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form, valuesKey, onChange]);
  return null;
}

/** Holds the options of a page that shows them from its first render, and draws the page with them. */
export function OptionsHost({ children, ...page }: OptionsOf & { children(form: OptionsFormApi, values: FormValues): ReactNode }) {
  const form = usePageOptions(page);
  return children(form, form.watch());
}
