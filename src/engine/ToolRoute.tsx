/**
 * The /tools/$slug page: the manifest's bespoke view when it names one (views
 * are discovered as src/views/<name>.tsx and loaded lazily), else ToolPage.
 */
import { Spinner } from '@radix-ui/themes';
import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { loadToolManifest, loadedToolManifest } from './tool-manifest';
import { loadOptionsForm } from './options-form-lazy';
import { ToolPage } from './ToolPage';
import { viewLoader, type ToolViewProps } from './view-modules';

/** Views already loaded, so a pre-rendered page hydrates without suspending. */
const loadedViews = new Map<string, ComponentType<ToolViewProps>>();

/** Loads a tool's manifest and its bespoke view, if it has one; the router calls this before showing the page. */
export async function preloadTool(slug: string): Promise<void> {
  const manifest = await loadToolManifest(slug);
  // A page for typed text shows its options form before any file.
  if (manifest?.limits.minFiles === 0) await loadOptionsForm();
  const name = manifest?.view;
  const load = name ? viewLoader(name) : undefined;
  if (name && load && !loadedViews.has(name)) loadedViews.set(name, (await load()).default);
}

export default function ToolRoute({ slug }: { slug: string }) {
  const manifest = loadedToolManifest(slug);
  useEffect(() => {
    if (manifest) document.title = `${manifest.title} - FileDesk`;
  }, [manifest]);
  const View = useMemo(() => {
    if (!manifest?.view) return null;
    const loaded = loadedViews.get(manifest.view);
    if (loaded) return loaded;
    const load = viewLoader(manifest.view);
    return load ? lazy(load) : null;
  }, [manifest]);
  if (!manifest) return null;
  if (!View) return <ToolPage key={slug} manifest={manifest} />;
  return (
    <Suspense fallback={<Spinner size="3" aria-label="Loading tool" />}>
      <View key={slug} manifest={manifest} />
    </Suspense>
  );
}
