/**
 * The options form generated from a manifest's fields. Its state is
 * react-hook-form's (useToolOptions.ts); this module draws the fields, and
 * loads with the first form a page shows (options-form-lazy.ts), not with the page.
 */
import { RadioGroup, Switch, Text, TextArea, TextField } from '@radix-ui/themes';
import { Fragment, useId, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { Field, ToolManifest } from '../../schemas/manifest';
import { isDisabled, isVisible } from '../contract/option-values';
import type { Facts } from '../contract/rules';
import { ImageOptionField } from './fields/ImageOptionField';
import { keepTyped } from './reach';
import { t } from '../lib/i18n/messages';
import { plainNumber } from './sizes';

/** Form values: manifest fields only ever hold primitives. */
export type FormValues = Record<string, string | number | boolean | null>;
export type OptionsFormApi = UseFormReturn<FormValues>;
export type RuntimeFacts = Facts;

interface OptionsFormProps {
  manifest: ToolManifest;
  form: OptionsFormApi;
  facts: RuntimeFacts;
  disabled?: boolean;
  /** The fieldset's legend; pages with several forms (a workflow's steps) tell them apart by it. */
  legend?: string;
  /** Fields the visitor is asked to set (a workflow step's `ask`): marked so they stand out. */
  asked?: readonly string[];
}

/** The mark on an asked field. */
export const askedFieldNote = () => t('engine.options.asked');

export function OptionsForm({ manifest, form, facts, disabled, legend = t('engine.options.legend'), asked = [] }: OptionsFormProps) {
  const values = form.watch();
  const visible = manifest.options.filter((f) => isVisible(f, values, facts));
  if (visible.length === 0) return null;
  return (
    <fieldset className="options" disabled={disabled}>
      <legend className="options-legend">{legend}</legend>
      {visible.map((field) => {
        const control = (
          <FieldControl field={field} form={form} facts={facts} disabled={disabled || isDisabled(field, values, facts)} />
        );
        if (!asked.includes(field.name)) return <Fragment key={field.name}>{control}</Fragment>;
        return (
          <div key={field.name} className="field-asked" data-testid="asked-field">
            <span className="field-asked-note">{askedFieldNote()}</span>
            {control}
          </div>
        );
      })}
    </fieldset>
  );
}

function FieldControl({ field, form, facts, disabled }: { field: Field; form: OptionsFormApi; facts: RuntimeFacts; disabled: boolean }) {
  const id = useId();
  const helpId = `${id}-help`;
  const error = form.formState.errors[field.name];
  // The value the field starts with, read once: written into the HTML as the control's default.
  const [initial] = useState(() => htmlDefault(form.getValues(field.name)));
  const described = field.help ? helpId : undefined;
  const label = (
    <label htmlFor={id} className="field-label">
      {field.label}
    </label>
  );
  const help = field.help && (
    <Text as="p" size="1" color="gray" id={helpId} className="field-help">
      {field.help}
    </Text>
  );
  const errorText = error && (
    <Text as="p" size="1" color="red" role="alert" className="field-error">
      {String(error.message ?? field.invalidMessage)}
    </Text>
  );

  /*
   * A native control, registered with the form, and its default written into the HTML as well: a page
   * pre-rendered with its form shows the defaults before it hydrates (ToolRoute's StartWhenReached),
   * and what the visitor typed before then stays (reach.ts).
   */
  const registered = (options?: Parameters<OptionsFormApi['register']>[1]) => {
    const { ref, ...props } = form.register(field.name, options);
    return { defaultValue: initial, ...props, ref: keepTyped(ref) };
  };

  // What a text box and a text area share; registered only for those, the other controls are controlled.
  const typedProps = (placeholder: string | undefined) => ({
    id,
    placeholder,
    disabled,
    'aria-describedby': described,
    'aria-invalid': !!error,
    ...registered(),
  });

  switch (field.type) {
    case 'select':
      return (
        <div className="field">
          {label}
          <select id={id} className="field-select" disabled={disabled} aria-describedby={described} {...registered()}>
            {field.choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          {help}
          {errorText}
        </div>
      );
    case 'radio':
      return (
        <div className="field" role="group" aria-labelledby={`${id}-label`}>
          <span id={`${id}-label`} className="field-label">
            {field.label}
          </span>
          <Controller
            control={form.control}
            name={field.name}
            render={({ field: f }) => (
              <RadioGroup.Root
                value={String(f.value)}
                onValueChange={f.onChange}
                disabled={disabled}
                aria-labelledby={`${id}-label`}
                aria-describedby={described}
                name={field.name}
              >
                {field.choices.map((c) => (
                  <Text as="label" size="2" key={c.value} className="radio-choice">
                    <RadioGroup.Item value={c.value} /> {c.label}
                  </Text>
                ))}
              </RadioGroup.Root>
            )}
          />
          {help}
        </div>
      );
    case 'slider': {
      const value = form.watch(field.name);
      return (
        <div className="field">
          <div className="field-row">
            {label}
            <output htmlFor={id} className="field-value">
              {typeof value === 'number' ? plainNumber(value) : String(value)}
              {field.unit ?? ''}
            </output>
          </div>
          <input
            id={id}
            type="range"
            className="field-range"
            min={field.min}
            max={field.max}
            step={field.step}
            disabled={disabled}
            aria-describedby={described}
            {...registered({ valueAsNumber: true })}
          />
          {help}
          {errorText}
        </div>
      );
    }
    case 'number': {
      const max = field.maxFrom !== undefined ? facts[field.maxFrom] : field.max;
      return (
        <div className="field">
          {label}
          <TextField.Root
            id={id}
            type="number"
            min={field.min}
            max={max}
            step={field.step ?? (field.integer ? 1 : 'any')}
            disabled={disabled}
            aria-describedby={described}
            aria-invalid={!!error}
            {...registered({ setValueAs: (v: string) => (v === '' ? '' : Number(v)) })}
          >
            {field.unit && <TextField.Slot side="right">{field.unit}</TextField.Slot>}
          </TextField.Root>
          {help}
          {errorText}
        </div>
      );
    }
    case 'toggle':
      return (
        <div className="field field-toggle">
          <Controller
            control={form.control}
            name={field.name}
            render={({ field: f }) => (
              <Switch id={id} checked={Boolean(f.value)} onCheckedChange={f.onChange} disabled={disabled} aria-describedby={described} />
            )}
          />
          {label}
          {help}
        </div>
      );
    case 'text':
      return (
        <div className="field">
          {label}
          <TextField.Root
            {...typedProps(field.placeholder)}
            type={field.password ? 'password' : 'text'}
            autoComplete={field.password ? 'new-password' : undefined}
          />
          {help}
          {errorText}
        </div>
      );
    case 'textarea':
      return (
        <div className="field">
          {label}
          <TextArea {...typedProps(field.placeholder)} rows={field.rows ?? 6} />
          {help}
          {errorText}
        </div>
      );
    case 'color':
      return (
        <div className="field">
          {label}
          <div className="field-row">
            <input id={id} type="color" className="field-color" disabled={disabled} {...registered()} />
            <code>{String(form.watch(field.name))}</code>
          </div>
          {help}
        </div>
      );
    case 'image':
      return <ImageOptionField field={field} form={form} id={id} disabled={disabled} described={described} help={help} />;
  }
}

/** A default as a native control's HTML default: text and numbers; nothing for other values. */
function htmlDefault(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}
