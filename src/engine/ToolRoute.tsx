/**
 * The /tools/$slug page: the generic ToolPage, or the manifest's bespoke view
 * (discovered as src/views/<name>.tsx and loaded lazily). A view of a tool that
 * works on files takes over with the first files: until then the page is the
 * generic one, which looks the same with no file chosen, so the page opens
 * with the generic page's code and goes live as soon. A page for typed text
 * shows its form (and view) at once: when it hydrates, that part waits, as the
 * pre-rendered HTML, for the visitor's first move on the page (reach.ts).
 */
import { Spinner } from '@radix-ui/themes';
import { lazy, Suspense, use, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import { loadToolManifest, loadedToolManifest } from './tool-manifest';
import { notify } from './notify';
import { loadOptionsFormFirst, optionsFormLoaded } from './options-form-lazy';
import { forgetReach, startHandingOver, whenReached } from './reach';
import { usePageReady } from '../lib/page-ready';
import { formFromStart } from './page-shape';
import { SharedRun } from './shared-run';
import { GenericToolPage, ToolPage } from './ToolPage';
import { useToolRun } from './useToolRun';
import { VIEW_NAMESPACES, viewLoader, type ToolViewProps } from './view-modules';
import { currentLocale, loadMessages, messagesLoaded, t } from '../lib/i18n/messages';
import { loadRunWords } from './run-words';

/** Said when a view's code cannot be fetched (offline before the site was cached, or a new version replaced it). */
export const viewLoadFailed = () => t('engine.route.viewLoadFailed');

type View = ComponentType<ToolViewProps>;

/** Views already loaded, so a pre-rendered page hydrates without suspending. */
const loadedViews = new Map<string, View>();

async function loadView(name: string): Promise<View | undefined> {
  const load = viewLoader(name);
  if (!load) return undefined;
  // A view loaded in one language still needs the views' messages of the page's (the build renders every locale).
  const [view] = await Promise.all([loadedViews.get(name) ?? load().then((m) => m.default), loadMessages(...VIEW_NAMESPACES)]);
  loadedViews.set(name, view);
  return view;
}

/** Said when the code of a page for typed text cannot be fetched once the visitor reaches it. */
export const toolLoadFailed = () => t('engine.route.toolLoadFailed');

/** What a page for typed text shows from the start: its options form, and its view if it has one. */
async function loadStart(manifest: ToolManifest): Promise<void> {
  await Promise.all([loadOptionsFormFirst(), manifest.view && loadView(manifest.view)]);
}

function startLoaded(manifest: ToolManifest): boolean {
  return optionsFormLoaded() && (!manifest.view || (loadedViews.has(manifest.view) && VIEW_NAMESPACES.every(messagesLoaded)));
}

/**
 * Loads a tool's manifest, and what its page shows from the start; the router calls this before
 * showing the page. A page about to hydrate (`hydrating`) loads its start when reached instead.
 */
export async function preloadTool(slug: string, hydrating = false): Promise<void> {
  const [manifest] = await Promise.all([loadToolManifest(slug), loadMessages('engine'), loadRunWords(currentLocale(), ['run'])]);
  if (!manifest || !formFromStart(manifest)) return;
  if (hydrating) starts.set(slug, startWhenReached(manifest));
  else await loadStart(manifest);
}

export default function ToolRoute({ slug }: { slug: string }) {
  const manifest = loadedToolManifest(slug);
  useEffect(() => {
    if (manifest) document.title = t('common.pageTitle', { page: manifest.title });
  }, [manifest]);
  if (!manifest) return null;
  if (formFromStart(manifest)) {
    return (
      <StartWhenReached key={slug} manifest={manifest}>
        {manifest.view ? <ViewFromStart manifest={manifest} name={manifest.view} /> : <ToolPage manifest={manifest} />}
      </StartWhenReached>
    );
  }
  if (!manifest.view) return <ToolPage key={slug} manifest={manifest} />;
  return <ViewWithFiles key={slug} manifest={manifest} name={manifest.view} />;
}

/**
 * The start of a page for typed text whose code is still loading, by slug: the page being hydrated
 * waits for the visitor's first move; any other starts loading when it first renders.
 */
const starts = new Map<string, Promise<void>>();

/** Loads the start at the visitor's first move, and again at the next if it fails; then what was typed meanwhile is handed to the form. */
function startWhenReached(manifest: ToolManifest): Promise<void> {
  return whenReached()
    .then(() => loadStart(manifest))
    .then(startHandingOver, () => {
      notify.error(toolLoadFailed());
      forgetReach();
      return startWhenReached(manifest);
    });
}

function startOf(manifest: ToolManifest): Promise<void> {
  let start = starts.get(manifest.slug);
  if (!start) {
    start = loadStart(manifest);
    starts.set(manifest.slug, start);
  }
  return start;
}

/**
 * A page for typed text: drawn at once where its code is loaded (the build, a link followed);
 * when the page hydrates, its pre-rendered tool stays as it is, live as HTML, until the visitor's
 * first move, then loads and hydrates, keeping what was typed and pressed meanwhile (reach.ts).
 */
function StartWhenReached({ manifest, children }: { manifest: ToolManifest; children: ReactNode }) {
  usePageReady();
  return (
    <Suspense fallback={<Spinner size="3" aria-label={t('engine.route.loading')} />}>
      <Started manifest={manifest}>{children}</Started>
    </Suspense>
  );
}

function Started({ manifest, children }: { manifest: ToolManifest; children: ReactNode }) {
  if (!startLoaded(manifest)) use(startOf(manifest));
  return children;
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
    <Suspense fallback={<Spinner size="3" aria-label={t('engine.route.loading')} />}>
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
      notify.error(viewLoadFailed());
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
      <Suspense fallback={<Spinner size="3" aria-label={t('engine.route.loading')} />}>
        <View manifest={manifest} />
      </Suspense>
    </SharedRun.Provider>
  );
}
