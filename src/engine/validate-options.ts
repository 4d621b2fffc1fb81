/**
 * Validating a tool's options without a submit event: the parsed values, or
 * null after an Error toast with the first problem. Works on the form's object
 * alone, so the parts that call it do not carry react-hook-form.
 */
import type { ToolManifest } from '../../schemas/manifest';
import { notify } from './notify';
import { t } from '../lib/i18n/messages';
import type { FormValues, OptionsFormApi } from './OptionsForm';

/** The first validation message of a failed submit, preferring the field's own message. */
export function firstErrorMessage(manifest: ToolManifest, errors: Record<string, { message?: unknown } | undefined>): string {
  for (const field of manifest.options) {
    const error = errors[field.name];
    if (error) return String(error.message ?? field.invalidMessage ?? t('engine.options.check'));
  }
  return t('engine.options.check');
}

/** Validates the options; on a problem says it (after `prefix`, if given) and gives null. */
export function validateOptions(form: OptionsFormApi, manifest: ToolManifest, prefix = ''): Promise<FormValues | null> {
  return new Promise((resolve) => {
    void form.handleSubmit(
      (valid) => resolve(valid),
      (errors) => {
        notify.error(prefix + firstErrorMessage(manifest, errors as Record<string, { message?: unknown }>));
        resolve(null);
      },
    )();
  });
}
