/**
 * One step of a chain: its number and tool (a link to the tool's own page),
 * the tool's own options form pre-filled with the step's values (asked fields
 * marked), and whatever controls the page adds (the builder's move and
 * remove). The card hands its page a check that validates the form the way a
 * tool page does before a run.
 */
import { SiteLink } from '../site/navigation';
import { useEffect, useId, type ReactNode } from 'react';
import type { OptionValues, ToolManifest } from '../../schemas/manifest';
import { OptionsForm, type OptionsFormApi } from '../engine/OptionsForm';
import { useToolOptions } from '../engine/useToolOptions';
import { validateOptions } from '../engine/validate-options';
import { notify } from '../engine/notify';
import { failedCheck, type Facts } from '../contract/rules';
import { ToolIcon } from '../engine/ToolIcon';

/** Validates a step's options; the values to run with, or null once the visitor has been told what is wrong. */
export type StepCheck = () => Promise<OptionValues | null>;

/** Submits the form without an event: the parsed values, or null after an Error toast naming the step. */
function checkStep(form: OptionsFormApi, manifest: ToolManifest, number: number, facts: Facts): Promise<OptionValues | null> {
  const prefix = `Step ${number} (${manifest.title}): `;
  return validateOptions(form, manifest, prefix).then((valid) => {
    if (!valid) return null;
    const values = valid as OptionValues;
    const failed = failedCheck(manifest.checks, values, facts);
    if (failed) notify.error(prefix + failed.message, failed.title);
    return failed ? null : values;
  });
}

interface ChainStepCardProps {
  number: number;
  manifest: ToolManifest;
  /** The step's values; fields it leaves out take the tool's defaults. */
  options: OptionValues;
  ask: readonly string[];
  facts: Facts;
  disabled: boolean;
  /** 'running' while this step runs. */
  state?: 'running';
  /** Why this step cannot run where it is (the builder's type check). */
  problem?: string | null;
  actions?: ReactNode;
  register(check: StepCheck | null): void;
  onValues?(values: OptionValues): void;
}

export function ChainStepCard({ number, manifest, options, ask, facts, disabled, state, problem, actions, register, onValues }: ChainStepCardProps) {
  const form = useToolOptions(manifest, facts, options);
  const headingId = useId();

  useEffect(() => {
    register(() => checkStep(form, manifest, number, facts));
    return () => register(null);
  }, [register, form, manifest, number, facts]);

  useEffect(() => {
    if (!onValues) return;
    onValues(form.getValues() as OptionValues);
    const subscription = form.watch((values) => onValues(values as OptionValues));
    return () => subscription.unsubscribe();
  }, [form, onValues]);

  return (
    <article className="chain-step" data-state={state} aria-labelledby={headingId} data-testid="chain-step">
      <div className="chain-step-head">
        <span className="tool-icon chain-step-icon">
          <ToolIcon name={manifest.icon} size={20} />
        </span>
        <h3 id={headingId} className="chain-step-title">
          <span className="chain-step-number">Step {number}:</span>{' '}
          <SiteLink to={`/tools/${manifest.slug}`}>
            {manifest.title}
          </SiteLink>
        </h3>
        {state === 'running' && <span className="chain-step-running">Running</span>}
        {actions && <div className="chain-step-actions">{actions}</div>}
      </div>
      <p className="chain-step-description">{manifest.description}</p>
      {problem && (
        <p className="chain-step-problem" data-testid="step-problem">
          {problem}
        </p>
      )}
      {manifest.options.length > 0 ? (
        <OptionsForm manifest={manifest} form={form} facts={facts} disabled={disabled} legend={`Step ${number} options`} asked={ask} />
      ) : (
        <p className="chain-step-plain">This step has no options.</p>
      )}
    </article>
  );
}
