/**
 * The state of a tool's options: react-hook-form, validated by the zod schema
 * of the manifest's fields (hidden fields are not validated), with value rules
 * (setWhen) applied when their condition becomes true. zod and the resolver load
 * with the first validation (options-resolver.ts), so a page opens without them.
 */
import { useEffect, useRef } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import { defaultOptions } from '../contract/option-values';
import type { OptionsMode } from '../contract/options';
import { holds } from '../contract/rules';
import type { FormValues, OptionsFormApi, RuntimeFacts } from './OptionsForm';
import { loadOptionsResolver } from './options-resolver-lazy';

/**
 * The form state of a tool's options, validated by the zod schema of its fields. `initial` values
 * (a workflow step's) replace the defaults of the fields they name. `mode` is how the options
 * will run: a tool page passes its run mode; a workflow step always runs the real tool.
 */
export function useToolOptions(manifest: ToolManifest, facts: RuntimeFacts, initial?: OptionValues, mode: OptionsMode = 'real'): OptionsFormApi {
  const factsRef = useRef(facts);
  factsRef.current = facts;
  const modeRef = useRef(mode);
  modeRef.current = mode;
  const resolver: Resolver<FormValues> = async (values, context, opts) => {
    const { optionsResolver } = await loadOptionsResolver();
    return optionsResolver(manifest.options, values, factsRef.current, modeRef.current)(values, context, opts);
  };
  const form = useForm<FormValues>({
    defaultValues: { ...defaultOptions(manifest.options), ...initial } as FormValues,
    resolver,
    mode: 'onChange',
  });
  const values = form.watch();
  const previous = useRef<Record<string, boolean>>({});
  const valuesKey = JSON.stringify(values);

  useEffect(() => {
    for (const field of manifest.options) {
      field.setWhen?.forEach((rule, i) => {
        const key = `${field.name}:${i}`;
        const now = holds(rule.when, values, facts);
        if (now && !previous.current[key]) form.setValue(field.name, rule.value as FormValues[string], { shouldValidate: true });
        previous.current[key] = now;
      });
    }
    // valuesKey and fileCount capture every input of the rules.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [valuesKey, facts.fileCount]);

  return form;
}

/** Fields marked resetOnFiles go back to their defaults whenever new files are chosen. */
export function useResetOnFiles(manifest: ToolManifest, form: OptionsFormApi, files: readonly File[]): void {
  useEffect(() => {
    for (const field of manifest.options) {
      if (field.resetOnFiles) form.setValue(field.name, field.default as FormValues[string], { shouldValidate: false });
      form.clearErrors();
    }
    // Only a new file list triggers the reset.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [files]);
}
