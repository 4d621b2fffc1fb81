/**
 * The options form and the options' state (react-hook-form), as the tool page
 * and batch mode use them: fetched when the first form is about to show (a tool
 * page shows its options once a file is chosen), together with the zod schema
 * its validation needs, so a page opens without any of them. A page whose form
 * shows before any file loads it with loadOptionsFormFirst before its form renders
 * or hydrates (ToolRoute's StartWhenReached); its schema follows when the visitor
 * reaches the form. Views, which hold
 * their options from the start (useToolPage.ts), import the form itself.
 */
import { preloadable } from '../lib/preloadable';
import { loadOptionsResolver } from './options-resolver-lazy';

/** The zod schema of the options and its resolver; fetched with the form, ahead of the first validation. The page takes it from here with the form's other loaders. */
export { loadOptionsResolver };

type OptionsStateModule = typeof import('./options-state');
let stateModule: OptionsStateModule | undefined;
const waiting = new Set<(module: OptionsStateModule) => void>();

const form = preloadable(() => {
  const state = import('./options-state').then((module) => {
    stateModule = module;
    waiting.forEach((listener) => listener(module));
    waiting.clear();
  });
  return Promise.all([import('./OptionsForm'), state]).then(([module]) => module.OptionsForm);
});

export const OptionsForm = form.Component;

/** Loads the form for the files just chosen, and the schema its validation needs, ahead of the first validation. */
export function loadOptionsForm() {
  void loadOptionsResolver();
  return form.preload();
}

/**
 * Loads the form of a page that shows it before any file. Its schema waits until the visitor
 * reaches the form (ToolFrame), so it does not compete with the page going live.
 */
export const loadOptionsFormFirst = form.preload;
export const optionsFormLoaded = form.loaded;

/** The options' state, once the form's code has loaded. */
export function loadedOptionsState(): OptionsStateModule | undefined {
  return stateModule;
}

/** Calls `listener` when the options' state loads (not if it has already); gives the function that stops listening. */
export function whenOptionsStateLoads(listener: (module: OptionsStateModule) => void): () => void {
  waiting.add(listener);
  return () => waiting.delete(listener);
}
