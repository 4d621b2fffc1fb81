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
import { firstErrorMessage } from '../engine/validate-options';
import { notify } from '../engine/notify';
import { failedCheck, type Facts } from '../contract/rules';
import { ToolIcon } from '../engine/ToolIcon';
import { t } from '../lib/i18n/messages';

/** Validates a step's options; the values to run with, or null once the visitor has been told what is wrong. */
export type StepCheck = () => Promise<OptionValues | null>;

/**
 * Submits the form without an event (as validateOptions does, with the step named in the one
 * message): the parsed values, or null after an Error toast naming the step.
 */
function checkStep(form: OptionsFormApi, manifest: ToolManifest, number: number, facts: Facts): Promise<OptionValues | null> {
  const problem = (text: string) => t('workflow.step.problem', { number, tool: manifest.title, problem: text });
  const validated = new Promise<OptionValues | null>((resolve) => {
    void form.handleSubmit(
      (valid) => resolve(valid as OptionValues),
      (errors) => {
        notify.error(problem(firstErrorMessage(manifest, errors as Record<string, { message?: unknown }>)));
        resolve(null);
      },
    )();
  });
  return validated.then((values) => {
    if (!values) return null;
    const failed = failedCheck(manifest.checks, values, facts);
    if (failed) notify.error(problem(failed.message), failed.title);
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
          {/* The step's number, then its tool's title as a link: two parts, the link being its own element. */}
          <span className="chain-step-number">{t('workflow.step.number', { number })}</span>{' '}
          <SiteLink to={`/tools/${manifest.slug}`}>
            {manifest.title}
          </SiteLink>
        </h3>
        {state === 'running' && <span className="chain-step-running">{t('workflow.step.running')}</span>}
        {actions && <div className="chain-step-actions">{actions}</div>}
      </div>
      <p className="chain-step-description">{manifest.description}</p>
      {problem && (
        <p className="chain-step-problem" data-testid="step-problem">
          {problem}
        </p>
      )}
      {manifest.options.length > 0 ? (
        <OptionsForm manifest={manifest} form={form} facts={facts} disabled={disabled} legend={t('workflow.step.options', { number })} asked={ask} />
      ) : (
        <p className="chain-step-plain">{t('workflow.step.noOptions')}</p>
      )}
    </article>
  );
}
