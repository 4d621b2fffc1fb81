/**
 * The working part of a workflow page and of the chain builder, one
 * component for both: the drop zone (what the first step accepts, its size
 * limit per file, any number of files), the steps with their tools' options
 * forms, the Run button with overall progress, the running step and Cancel,
 * then the results and the files that failed with their step.
 */
import { Button, Spinner } from '@radix-ui/themes';
import { useCallback, useMemo, useRef, type FormEvent, type ReactNode } from 'react';
import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import { BatchDisclosure } from '../engine/batch/BatchSection';
import { chainRunsEachFile, workflowBatch } from '../engine/batch/workflow-batch';
import { DropZone } from '../engine/DropZone';
import { FailedFiles } from '../engine/FailedFiles';
import { FileList } from '../engine/FileList';
import { notify } from '../engine/notify';
import { ResultList } from '../engine/ResultList';
import { chainShare, type ChainStep, type StepRunner } from '../core/run-chain';
import { RunProgress } from '../engine/RunControls';
import { factsOf } from '../core/facts';
import { RESULT_LIST_HEIGHT } from '../engine/ToolPage';
import { megabytes } from '../lib/format-size';
import { ChainStepCard, type StepCheck } from './ChainStepCard';
import { useChainRun } from './useChainRun';
import { t } from '../lib/i18n/messages';
import '../engine/engine.css';
import './workflows.css';

/** One step as a page sets it up. */
export interface ChainEntry {
  /** Stays with the step when steps move (the builder), so its form keeps its values. */
  key: string;
  manifest: ToolManifest;
  options: OptionValues;
  ask: readonly string[];
}

export const runLabel = () => t('workflow.work.run');
export const busyLabel = () => t('workflow.work.busy');

/**
 * The drop zone's manifest: the first step's types and size per file. A chain takes any number of
 * files, added to the list as they are chosen.
 */
function dropManifest(first: ToolManifest): ToolManifest {
  return { ...first, limits: { ...first.limits, maxFiles: Infinity, appendFiles: true } };
}

function describeLimits(first: ToolManifest): string {
  const types = [...new Set(Object.values(first.accept).flat())].map((e) => e.slice(1).toUpperCase()).join(', ');
  return t('workflow.work.limits', { types, size: megabytes(first.limits.maxBytes) });
}

interface ChainWorkProps {
  entries: readonly ChainEntry[];
  /** Names the ZIP of all results. */
  name: string;
  /** Runs one step's tool; the worker unless a test gives its own. */
  runStep?: StepRunner;
  /** Controls a page adds to each step (the builder's move and remove). */
  stepActions?(index: number, running: boolean): ReactNode;
  /** Why the step at an index cannot run where it is, if it cannot. */
  stepProblem?(index: number): string | null;
  onValues?(key: string, values: OptionValues): void;
  /** Under the steps (the builder's Add step). */
  afterSteps?: ReactNode;
}

export function ChainWork({ entries, name, runStep, stepActions, stepProblem, onValues, afterSteps }: ChainWorkProps) {
  const chain = useChainRun(runStep);
  const { files, running, progress } = chain;
  const facts = useMemo(() => factsOf(files), [files]);
  const checks = useRef(new Map<string, StepCheck>());
  const first = entries[0]?.manifest;

  // One stable callback per step, so a card registers its check once.
  const registers = useRef(new Map<string, (check: StepCheck | null) => void>());
  const registerFor = useCallback((key: string) => {
    let register = registers.current.get(key);
    if (!register) {
      register = (check) => (check ? checks.current.set(key, check) : checks.current.delete(key));
      registers.current.set(key, register);
    }
    return register;
  }, []);
  const latestOnValues = useRef(onValues);
  latestOnValues.current = onValues;
  const valueHandlers = useRef(new Map<string, (values: OptionValues) => void>());
  const valuesFor = (key: string) => {
    if (!onValues) return undefined;
    let handler = valueHandlers.current.get(key);
    if (!handler) {
      handler = (values) => latestOnValues.current?.(key, values);
      valueHandlers.current.set(key, handler);
    }
    return handler;
  };

  /** Every step with its checked options, or null once a problem has been said. */
  const checkedSteps = async (): Promise<ChainStep[] | null> => {
    const problem = entries.map((_, i) => stepProblem?.(i)).findIndex(Boolean);
    if (problem >= 0) {
      notify.error(t('workflow.step.problem', { number: problem + 1, tool: entries[problem].manifest.title, problem: stepProblem!(problem) }));
      return null;
    }
    const steps: ChainStep[] = [];
    for (const entry of entries) {
      const options = await checks.current.get(entry.key)?.();
      if (!options) return null;
      steps.push({ manifest: entry.manifest, options });
    }
    return steps;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!first || running) return;
    if (files.length < first.limits.minFiles) {
      return notify.error(files.length === 0 ? first.messages.noFile : (first.messages.tooFewFiles ?? first.messages.noFile));
    }
    const steps = await checkedSteps();
    if (steps) await chain.run(steps);
  };

  // Batch mode, for chains whose steps all work file by file: the steps are checked when it starts.
  const batchSteps = useRef<ChainStep[]>([]);
  const eachFile = entries.length > 0 && chainRunsEachFile(entries);
  const batchTarget = useMemo(() => (first ? workflowBatch({ manifest: first, options: {} }, () => batchSteps.current) : null), [first]);
  const batchOptions = async () => {
    const steps = await checkedSteps();
    if (!steps) return null;
    batchSteps.current = steps;
    return {};
  };

  const share = progress ? chainShare(progress) : 0;
  const current = progress ? entries[progress.step] : undefined;

  return (
    <>
      <form className="tool-work chain-work" onSubmit={(e) => void submit(e)} noValidate>
        {first && (
          <div className="chain-input">
            <DropZone manifest={dropManifest(first)} onFiles={chain.addFiles} disabled={running} />
            <p className="chain-limits">{describeLimits(first)}</p>
            <FileList
              files={files}
              onChange={chain.setFiles}
              reorder={entries.some((e) => e.manifest.limits.reorder)}
              disabled={running}
              maxHeight={300}
            />
          </div>
        )}
        <section className="chain-steps" aria-labelledby="chain-steps-title">
          <h2 id="chain-steps-title" className="chain-steps-title">
            {t('workflow.work.steps')}
          </h2>
          {entries.length > 0 && (
            <ol className="chain-step-list">
              {entries.map((entry, i) => (
                <li key={entry.key}>
                  <ChainStepCard
                    number={i + 1}
                    manifest={entry.manifest}
                    options={entry.options}
                    ask={entry.ask}
                    facts={facts}
                    disabled={running}
                    state={running && progress?.step === i ? 'running' : undefined}
                    problem={stepProblem?.(i)}
                    actions={stepActions?.(i, running)}
                    register={registerFor(entry.key)}
                    onValues={valuesFor(entry.key)}
                  />
                </li>
              ))}
            </ol>
          )}
          {afterSteps}
        </section>
        {first && (
          <div className="run-controls">
            <Button type="submit" size="3" className="run-button" disabled={running || files.length === 0} aria-busy={running}>
              {running && <Spinner size="2" />}
              {running ? busyLabel() : runLabel()}
            </Button>
            {running && (
              <>
                <p className="chain-now" aria-live="polite" data-testid="chain-now">
                  {current ? t('workflow.work.now', { number: progress!.step + 1, count: entries.length, tool: current.manifest.title }) : ''}
                </p>
                <RunProgress label={t('workflow.work.progress')} progress={{ done: Math.round(share * 100), total: 100 }} onCancel={chain.cancel} />
              </>
            )}
          </div>
        )}
      </form>
      <ResultList
        results={chain.results}
        onDownload={chain.download}
        onDownloadAll={() => void chain.downloadAll(name)}
        maxHeight={RESULT_LIST_HEIGHT}
      />
      <FailedFiles failures={chain.failures} />
      {eachFile && batchTarget && <BatchDisclosure target={batchTarget} options={batchOptions} slug={name} />}
    </>
  );
}
