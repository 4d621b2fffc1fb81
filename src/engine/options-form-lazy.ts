/**
 * The options form as the tool page and batch mode draw it: fetched when the
 * first form is about to show (a tool page shows its options once a file is
 * chosen), together with the zod schema its validation needs, so a page opens
 * without either. A page whose form shows before any file awaits
 * loadOptionsForm before rendering (ToolRoute's preloadTool), so its
 * pre-rendered form hydrates at once. Views that always show their form import
 * OptionsForm.tsx itself.
 */
import { preloadable } from '../lib/preloadable';
import { loadOptionsResolver } from './useToolOptions';

const form = preloadable(() => {
  void loadOptionsResolver();
  return import('./OptionsForm').then((module) => module.OptionsForm);
});

export const OptionsForm = form.Component;
export const loadOptionsForm = form.preload;
export const optionsFormLoaded = form.loaded;
