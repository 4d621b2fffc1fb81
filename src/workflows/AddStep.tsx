/** The builder's step picker: a labelled list of the tools that can come next, grouped by category, and an Add step button. */
import { Button } from '@radix-ui/themes';
import { Plus } from 'lucide-react';
import { useId, useState, type Ref } from 'react';
import { CATEGORIES, categoryHeading } from '../engine/catalogue-summary';
import { chainToolTitle, type ChainTool } from './chain-tools';
import { t } from '../lib/i18n/messages';

export const nothingFollowsMessage = () => t('workflow.add.nothingFollows');

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
  if (offered.length === 0) return <p className="chain-add-none">{nothingFollowsMessage()}</p>;
  // A choice the list no longer offers (the previous step changed) is no choice.
  const value = offered.some((tool) => tool.slug === choice) ? choice : '';
  return (
    <div className="chain-add">
      <label htmlFor={id} className="field-label">
        {after ? t('workflow.add.nextLabel') : t('workflow.add.firstLabel')}
      </label>
      <div className="chain-add-row">
        <select id={id} ref={selectRef} className="field-select" value={value} disabled={disabled} onChange={(e) => setChoice(e.target.value)} aria-describedby={`${id}-help`}>
          <option value="">{after ? t('workflow.add.chooseNext') : t('workflow.add.chooseFirst')}</option>
          {CATEGORIES.map((category) => {
            const tools = offered.filter((tool) => tool.category === category);
            return tools.length === 0 ? null : (
              <optgroup key={category} label={categoryHeading(category)}>
                {tools.map((tool) => (
                  <option key={tool.slug} value={tool.slug}>
                    {chainToolTitle(tool.slug)}
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
          <Plus size={16} aria-hidden="true" /> {t('workflow.add.button')}
        </Button>
      </div>
      <p id={`${id}-help`} className="field-help chain-add-help">
        {after
          ? t('workflow.add.helpNext', { number: after.number, makes: after.makes })
          : t('workflow.add.helpFirst')}
      </p>
    </div>
  );
}
