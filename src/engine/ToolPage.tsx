/**
 * The tool page frame. toolPageState gives a tool's state (files, options,
 * run) its one submit path; ToolFrame lays the page out in named parts:
 * header, input, options, run controls, results and help. The generic page
 * is the frame with every part as the manifest describes it; its options'
 * state (react-hook-form) loads with its options form. A bespoke view
 * (src/views/<slug>.tsx) holds its state with useToolPage (useToolPage.ts),
 * replaces only the parts it changes, and passes hooks for what it adds (a
 * check or a simulation plan before the run, extra values such as a crop box,
 * what follows a run) and, to the frame, a reason the run must wait.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import { DropZone } from './DropZone';
import { BatchSection } from './batch/BatchSection';
import { FileList } from './FileList';
import { releaseHeldPresses } from './reach';
import { formFromStart } from './page-shape';
import type { FormValues, OptionsFormApi } from './OptionsForm';
import { loadedOptionsState, loadOptionsForm, loadOptionsResolver, OptionsForm, optionsFormLoaded, whenOptionsStateLoads } from './options-form-lazy';
import { FailedFiles, loadResultParts, ResultList } from './result-parts';
import { validateOptions } from './validate-options';
import { defaultOptions } from '../contract/option-values';
import { holds } from '../contract/rules';
import type { RunValues } from '../contract/view-extras';
import { RunControls } from './RunControls';
import { ToolHeader } from './ToolHeader';
import type { ToolResult } from '../core/tool-result';
import type { ToolPageState } from './tool-page-state';
import { useToolRun, type RunOverrides, type ToolRun } from './useToolRun';
import './engine.css';
import { usePageReady } from '../lib/page-ready';

export type { ToolPageState } from './tool-page-state';

const PdfPagesPreview = lazy(() => import('./pdf-pages/PdfPagesPreview'));


/** Lists of results scroll above this height (the specification's 60 units). */
export const RESULT_LIST_HEIGHT = 240;

/** What a view adds to a run. */
export interface ToolPageHooks {
  /**
   * Called with the validated option values just before a run. Returns the values to run with (the
   * fields' values and what the view adds) and any overrides (a simulation plan, a demo success
   * message), or null to stop (having said why).
   */
  beforeRun?(values: FormValues): ({ options?: RunValues } & RunOverrides) | null;
  /** Called with the results of a run that completed (for example to show what the results stand for). */
  afterRun?(results: ToolResult[]): void;
}


/**
 * True when the action button may be pressed: a file is chosen (unless the tool takes only text) and no
 * disabling condition holds. Too few files still lets the button run, so the visitor hears why.
 */
export function canRun(run: ToolRun, values: FormValues): boolean {
  const { limits, action } = run.manifest;
  if (run.files.length === 0 && limits.minFiles > 0) return false;
  return !action.disabledWhen || !holds(action.disabledWhen, values, run.facts);
}

/** Whether the page has an upload area: tools that take only typed text accept no file types. */
export function takesFiles(manifest: ToolManifest): boolean {
  return Object.keys(manifest.accept).length > 0;
}

/** A page's state from its run and its options: the one submit path, and whether the button may be pressed. */
export function toolPageState(manifest: ToolManifest, run: ToolRun, form: OptionsFormApi | null, values: FormValues, hooks: ToolPageHooks = {}): ToolPageState {
  const runWith = (valid: FormValues) => {
    const extra = hooks.beforeRun ? hooks.beforeRun(valid) : {};
    if (extra === null) return;
    const { options, ...overrides } = extra;
    return run.run(options ?? valid, overrides).then((results) => results && hooks.afterRun?.(results));
  };
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const { minFiles } = manifest.limits;
    // run() answers a missing file, or too few, with the manifest's message.
    if (run.files.length < minFiles) return void run.run({});
    void loadResultParts();
    // The form is there once a file is; without it the options are still their defaults.
    if (!form) return void runWith(values);
    void validateOptions(form, manifest).then((valid) => valid && runWith(valid));
  };
  return { manifest, run, form, values, submit, canRun: canRun(run, values) };
}

/** The generic input part: drop zone and file list, plus page thumbnails where the manifest asks for them. */
export function DefaultInput({ page }: { page: ToolPageState }) {
  const { manifest, run } = page;
  const { limits } = manifest;
  const { setFacts, addFiles } = run;
  const onPageCount = useCallback((pageCount: number) => setFacts({ pageCount }), [setFacts]);
  /*
   * The options form shows with the first files and loads then: the first files are listed once it
   * has loaded, so the list and the form appear together and the action button does not move under
   * the pointer. Files chosen after that are listed at once.
   */
  const waiting = useRef<File[] | null>(null);
  const { loadWithFiles } = page;
  const onFiles = useCallback(
    (files: File[]) => {
      if (!loadWithFiles && (optionsFormLoaded() || manifest.options.length === 0)) return addFiles(files);
      // Choices made while it loads are added together, as the drop zone would have added them one after another.
      if (waiting.current) {
        waiting.current = limits.appendFiles ? [...waiting.current, ...files] : files;
        return;
      }
      waiting.current = files;
      const add = (listed = true) => {
        const all = waiting.current ?? [];
        waiting.current = null;
        if (listed) addFiles(all);
      };
      // Without its form the page still runs with the defaults; without its view it cannot.
      const form = loadOptionsForm().then(() => undefined, () => undefined);
      void Promise.all([form, loadWithFiles?.() ?? true]).then(([, listed]) => add(listed), () => add(false));
    },
    [addFiles, limits.appendFiles, manifest.options.length, loadWithFiles],
  );
  if (!takesFiles(manifest)) return null;
  return (
    <>
      <DropZone manifest={manifest} onFiles={onFiles} disabled={run.running} />
      <FileList
        files={run.files}
        onChange={run.setFiles}
        reorder={limits.reorder}
        disabled={run.running}
        maxHeight={limits.reorder ? 300 : undefined}
      />
      {manifest.preview === 'pdf-pages' && run.files[0] && run.real && (
        <Suspense fallback={null}>
          <PdfPagesPreview file={run.files[0]} onPageCount={onPageCount} />
        </Suspense>
      )}
    </>
  );
}

/** The generic options part: the fields of the manifest, once there is something to work on. */
export function DefaultOptions({ page }: { page: ToolPageState }) {
  const { manifest, run, form } = page;
  if (!form || (run.files.length === 0 && !formFromStart(manifest))) return null;
  return (
    <Suspense fallback={null}>
      <OptionsForm manifest={manifest} form={form} facts={run.facts} disabled={run.running} />
    </Suspense>
  );
}

export interface ToolFrameProps {
  page: ToolPageState;
  /** True while the run must wait for something the view is still preparing (such as a page count). */
  blocked?: boolean;
  /** Replaces the drop zone and file list. */
  input?: ReactNode;
  /** Under the input: previews and facts about the chosen files. */
  afterInput?: ReactNode;
  /** Replaces the generated options form. */
  options?: ReactNode;
  afterOptions?: ReactNode;
  /** Replaces the action button, progress and Cancel (for tools that work as you type). */
  controls?: ReactNode;
  afterControls?: ReactNode;
  /** Replaces the result cards. */
  results?: ReactNode;
  /** Height above which the result list scrolls. */
  resultsMaxHeight?: number;
  /** Below the fold: explanations and examples. */
  help?: ReactNode;
}

/** The visitor has reached the form: its validation's schema is fetched now, ahead of the first change. */
const reachForm = () => void loadOptionsResolver();

export function ToolFrame({ page, blocked, input, afterInput, options, afterOptions, controls, afterControls, results, resultsMaxHeight, help }: ToolFrameProps) {
  const { manifest, run } = page;
  usePageReady();
  // A page for typed text that hydrated when reached: what was pressed before is pressed again now.
  useEffect(releaseHeldPresses, []);
  return (
    <div className="tool-page">
      <ToolHeader manifest={manifest} />
      <form className="tool-work" onSubmit={page.submit} onFocus={reachForm} onPointerDown={reachForm} noValidate>
        {input ?? <DefaultInput page={page} />}
        {afterInput}
        {options ?? <DefaultOptions page={page} />}
        {afterOptions}
        {controls ?? (
          <RunControls
            manifest={manifest}
            running={run.running}
            disabled={!page.canRun || !!blocked}
            progress={run.progress}
            onCancel={run.cancel}
            done={run.results.length > 0}
          />
        )}
        {afterControls}
      </form>
      <Suspense fallback={null}>
        {results ??
          (run.results.length > 0 && (
            <ResultList
              results={run.results}
              onDownload={run.download}
              onDownloadAll={run.downloadAll}
              maxHeight={resultsMaxHeight ?? RESULT_LIST_HEIGHT}
              compare={manifest.resultPreview === 'compare'}
            />
          ))}
        {run.failures.length > 0 && <FailedFiles failures={run.failures} />}
      </Suspense>
      <BatchSection page={page} />
      {help}
    </div>
  );
}

/**
 * The generic tool page: the frame with every part from the manifest. A page
 * for typed text shows its options at once, so their state has loaded before
 * it renders (ToolRoute's StartWhenReached); any other page holds its options
 * from when its options form loads, with the first file.
 */
export function ToolPage({ manifest }: { manifest: ToolManifest }) {
  const run = useToolRun(manifest);
  return <GenericToolPage manifest={manifest} run={run} />;
}

/** The generic page over a run held elsewhere (a page whose bespoke view takes over with the first files). */
export function GenericToolPage({ manifest, run, loadWithFiles }: { manifest: ToolManifest; run: ToolRun; loadWithFiles?: () => Promise<boolean> }) {
  const [state, setState] = useState(loadedOptionsState);
  const [optionsFirst] = useState(() => formFromStart(manifest) && !!state);
  useEffect(() => {
    if (state) return;
    // It may have arrived between this render and this effect.
    const loaded = loadedOptionsState();
    if (loaded) setState(loaded);
    else return whenOptionsStateLoads(setState);
  }, [state]);
  const defaults = useMemo(() => defaultOptions(manifest.options) as FormValues, [manifest]);
  const [options, setOptions] = useState<{ form: OptionsFormApi; values: FormValues } | null>(null);
  if (optionsFirst && state) {
    return (
      <state.OptionsHost manifest={manifest} run={run}>
        {(form, values) => <ToolFrame page={{ ...toolPageState(manifest, run, form, values), loadWithFiles }} />}
      </state.OptionsHost>
    );
  }
  return (
    <>
      <ToolFrame page={{ ...toolPageState(manifest, run, options?.form ?? null, options?.values ?? defaults), loadWithFiles }} />
      {state && <state.OptionsState manifest={manifest} run={run} onChange={setOptions} />}
    </>
  );
}
