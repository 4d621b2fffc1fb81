/**
 * A bespoke view's page state: its run and its options (react-hook-form,
 * useToolOptions.ts) from the first render, with the one submit path of every
 * tool page (toolPageState). A view that takes over from the generic page
 * (ToolRoute.tsx) goes on with that page's run; a view drawn on its own (in
 * tests) has a run of its own.
 */
import { useContext } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import { SharedRun } from './shared-run';
import { toolPageState, type ToolPageHooks } from './ToolPage';
import type { ViewPageState } from './tool-page-state';
import { useResetOnFiles, useToolOptions } from './useToolOptions';
import { useToolRun } from './useToolRun';

export function useToolPage(manifest: ToolManifest, hooks: ToolPageHooks = {}): ViewPageState {
  const shared = useContext(SharedRun);
  const own = useToolRun(manifest);
  const run = shared ?? own;
  const form = useToolOptions(manifest, run.facts, undefined, run.mode);
  useResetOnFiles(manifest, form, run.files);
  return { ...toolPageState(manifest, run, form, form.watch(), hooks), form };
}
