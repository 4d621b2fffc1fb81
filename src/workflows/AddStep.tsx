/** The builder's step picker: a labelled list of the tools that can come next, grouped by category, and an Add step button. */
import { Button } from '@radix-ui/themes';
import { Plus } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { CATEGORIES, CATEGORY_LABELS } from '../engine/catalogue-summary';
import type { ChainTool } from './chain-tools';

export const NOTHING_FOLLOWS = 'No tool takes what the last step makes: the chain ends here.';

interface AddStepProps {
  /** The tools that may come next (any chain tool for the first step). */
  offered: readonly ChainTool[];
  /** The step the new one would follow (1-based), and what it makes; absent for the first step. */
  after?: { number: number; makes: string };
  disabled?: boolean;
  onAdd(slug: string): void;
  selectRef?: Ref<HTMLSelectElement>;
}

export function AddStep({ offered, after, disabled, onAdd, selectRef }: AddStepProps) {
  const [choice, setChoice] = useState('');
  const id = useId();
  if (offered.length === 0) return <p className="chain-add-none">{NOTHING_FOLLOWS}</p>;
  // A choice the list no longer offers (the previous step changed) is no choice.
  const value = offered.some((t) => t.slug === choice) ? choice : '';
  return (
    <div className="chain-add">
      <label htmlFor={id} className="field-label">
        {after ? 'Add a step' : 'Choose the first tool'}
      </label>
      <div className="chain-add-row">
        <select id={id} ref={selectRef} className="field-select" value={value} disabled={disabled} onChange={(e) => setChoice(e.target.value)} aria-describedby={`${id}-help`}>
          <option value="">{after ? 'Choose the next tool...' : 'Choose a tool...'}</option>
          {CATEGORIES.map((category) => {
            const tools = offered.filter((t) => t.category === category);
            return tools.length === 0 ? null : (
              <optgroup key={category} label={`${CATEGORY_LABELS[category]} tools`}>
                {tools.map((t) => (
                  <option key={t.slug} value={t.slug}>
                    {t.title}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
        <Button
          type="button"
          variant="soft"
          disabled={disabled || !value}
          onClick={() => {
            onAdd(value);
            setChoice('');
          }}
        >
          <Plus size={16} aria-hidden="true" /> Add step
        </Button>
      </div>
      <p id={`${id}-help`} className="field-help chain-add-help">
        {after
          ? `Only tools that take what step ${after.number} makes (${after.makes}) are offered.`
          : 'Any tool that works on files can start a workflow; each later step is offered only if it takes what the step before makes.'}
      </p>
    </div>
  );
}
