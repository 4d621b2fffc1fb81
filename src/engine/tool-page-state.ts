/** What a tool page holds (ToolPage.tsx, useToolPage.ts), for the parts of the frame drawn elsewhere (batch mode). */
import type { FormEvent } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import type { FormValues, OptionsFormApi } from './OptionsForm';
import type { ToolRun } from './useToolRun';

export interface ToolPageState {
  manifest: ToolManifest;
  run: ToolRun;
  /**
   * The options' state. A generic page has it once its options form has loaded (with the first
   * file, or before rendering when the form shows before any file); a view from the start.
   */
  form: OptionsFormApi | null;
  /** The option values: the defaults until the form holds them. */
  values: FormValues;
  /** Checks files, then validates the options once, then runs. */
  submit(event?: FormEvent): void;
  /** True when the action button may be pressed. */
  canRun: boolean;
  /**
   * What loads before the first files are listed, beyond the options form: the bespoke view that
   * takes over with them (ToolRoute.tsx). False when it could not load (the visitor has been told).
   */
  loadWithFiles?(): Promise<boolean>;
}

/** A bespoke view's page, which holds its options from the start. */
export interface ViewPageState extends ToolPageState {
  form: OptionsFormApi;
}
