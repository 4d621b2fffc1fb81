/**
 * A bespoke view's page state: its run and its options (react-hook-form,
 * useToolOptions.ts) from the first render, with the one submit path of every
 * tool page (toolPageState).
 */
import type { ToolManifest } from '../../schemas/manifest';
import { toolPageState, type ToolPageHooks } from './ToolPage';
import type { ViewPageState } from './tool-page-state';
import { useResetOnFiles, useToolOptions } from './useToolOptions';
import { useToolRun } from './useToolRun';

export function useToolPage(manifest: ToolManifest, hooks: ToolPageHooks = {}): ViewPageState {
  const run = useToolRun(manifest);
  const form = useToolOptions(manifest, run.facts, undefined, run.mode);
  useResetOnFiles(manifest, form, run.files);
  return { ...toolPageState(manifest, run, form, form.watch(), hooks), form };
}
