/**
 * The options form as the tool page and batch mode draw it: fetched when the
 * first form is shown (a tool page shows its options once a file is chosen),
 * together with the zod schema its validation needs, so a page opens without
 * either. A page whose form shows before any file awaits loadOptionsForm
 * before rendering (ToolRoute's preloadTool), so its pre-rendered form
 * hydrates at once. Views that always show their form import OptionsForm.tsx.
 */
import { lazy, useState, type ComponentProps } from 'react';
import type * as FormModule from './OptionsForm';
import { loadOptionsResolver } from './useToolOptions';

let loaded: typeof FormModule | undefined;

export function loadOptionsForm(): Promise<typeof FormModule> {
  void loadOptionsResolver();
  return import('./OptionsForm').then((module) => (loaded = module));
}

const LazyOptionsForm = lazy(() => loadOptionsForm().then((module) => ({ default: module.OptionsForm })));

export function OptionsForm(props: ComponentProps<typeof FormModule.OptionsForm>) {
  // Chosen once per form, so a form shown while loading is not remounted when the module arrives.
  const [Form] = useState(() => loaded?.OptionsForm ?? LazyOptionsForm);
  return <Form {...props} />;
}
