/** What a tool page holds (useToolPage in ToolPage.tsx), for the parts of the frame drawn elsewhere (batch mode). */
import type { FormEvent } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import type { FormValues, OptionsFormApi } from './OptionsForm';
import type { ToolRun } from './useToolRun';

export interface ToolPageState {
  manifest: ToolManifest;
  run: ToolRun;
  form: OptionsFormApi;
  values: FormValues;
  /** Checks files, then validates the options once, then runs. */
  submit(event?: FormEvent): void;
  /** True when the action button may be pressed. */
  canRun: boolean;
}
