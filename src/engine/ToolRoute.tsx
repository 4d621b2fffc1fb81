/**
 * The /tools/$slug page: the generic ToolPage, or the manifest's bespoke view
 * (discovered as src/views/<name>.tsx and loaded lazily). A view of a tool that
 * works on files takes over with the first files: until then the page is the
 * generic one, which looks the same with no file chosen, so the page opens
 * with the generic page's code and goes live as soon. A view of a tool for
 * typed text shows its form at once, so it loads with the page.
 */
import { Spinner } from '@radix-ui/themes';
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import { loadToolManifest, loadedToolManifest } from './tool-manifest';
import { notify } from './notify';
import { loadOptionsFormFirst } from './options-form-lazy';
import { SharedRun } from './shared-run';
import { GenericToolPage, ToolPage } from './ToolPage';
import { useToolRun } from './useToolRun';
import { viewLoader, type ToolViewProps } from './view-modules';

/** Said when a view's code cannot be fetched (offline before the site was cached, or a new version replaced it). */
export const VIEW_LOAD_FAILED = 'This tool could not be loaded, so your file was not opened. Check your connection, then reload the page and try again.';

type View = ComponentType<ToolViewProps>;

/** Views already loaded, so a pre-rendered page hydrates without suspending. */
const loadedViews = new Map<string, View>();

/** Whether the tool's view shows from the page's first render: a view of a tool for typed text. */
function viewFromStart(manifest: ToolManifest): boolean {
  return manifest.limits.minFiles === 0;
}

async function loadView(name: string): Promise<View | undefined> {
  const load = viewLoader(name);
  if (!load) return undefined;
  const view = loadedViews.get(name) ?? (await load()).default;
  loadedViews.set(name, view);
  return view;
}

/** Loads a tool's manifest, and what its page shows from the start; the router calls this before showing the page. */
export async function preloadTool(slug: string): Promise<void> {
  const manifest = await loadToolManifest(slug);
  if (!manifest || !viewFromStart(manifest)) return;
  // A page for typed text shows its options form before any file.
  await Promise.all([loadOptionsFormFirst(), manifest.view && loadView(manifest.view)]);
}

export default function ToolRoute({ slug }: { slug: string }) {
  const manifest = loadedToolManifest(slug);
  useEffect(() => {
    if (manifest) document.title = `${manifest.title} - FileDesk`;
  }, [manifest]);
  if (!manifest) return null;
  if (!manifest.view) return <ToolPage key={slug} manifest={manifest} />;
  if (viewFromStart(manifest)) return <ViewFromStart key={slug} manifest={manifest} name={manifest.view} />;
  return <ViewWithFiles key={slug} manifest={manifest} name={manifest.view} />;
}

function ViewFromStart({ manifest, name }: { manifest: ToolManifest; name: string }) {
  const View = useMemo(() => {
    const loaded = loadedViews.get(name);
    if (loaded) return loaded;
    const load = viewLoader(name);
    return load ? lazy(load) : null;
  }, [name]);
  if (!View) return <ToolPage manifest={manifest} />;
  return (
    <Suspense fallback={<Spinner size="3" aria-label="Loading tool" />}>
      <View manifest={manifest} />
    </Suspense>
  );
}

/**
 * The generic page until the first files are chosen; then the view, fetched with them and given the
 * same run, so the files are listed once, in the view. Keyboard focus on the drop zone stays on it.
 */
function ViewWithFiles({ manifest, name }: { manifest: ToolManifest; name: string }) {
  const run = useToolRun(manifest);
  const [View, setView] = useState<View | null>(null);
  const focusDropZone = useRef(false);
  const loadWithFiles = useCallback(async () => {
    const view = await loadView(name).catch(() => undefined);
    if (!view) {
      notify.error(VIEW_LOAD_FAILED);
      return false;
    }
    focusDropZone.current = document.activeElement?.classList.contains('dropzone') ?? false;
    setView(() => view);
    return true;
  }, [name]);
  useLayoutEffect(() => {
    if (!View || !focusDropZone.current) return;
    focusDropZone.current = false;
    document.querySelector<HTMLElement>('.tool-page .dropzone')?.focus();
  }, [View]);
  if (!View) return <GenericToolPage manifest={manifest} run={run} loadWithFiles={loadWithFiles} />;
  return (
    <SharedRun.Provider value={run}>
      <Suspense fallback={<Spinner size="3" aria-label="Loading tool" />}>
        <View manifest={manifest} />
      </Suspense>
    </SharedRun.Provider>
  );
}
