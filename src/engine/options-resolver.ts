/**
 * react-hook-form's resolver for a tool's options: the zod schema built from
 * the manifest's fields for the values as they stand. The one module of the
 * options form that loads zod (contract/options.ts), fetched with the first validation.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { Field } from '../../schemas/manifest';
import { optionsSchema, type OptionsMode } from '../contract/options';
import type { Facts } from '../contract/rules';
import type { FormValues } from './OptionsForm';

export function optionsResolver(fields: readonly Field[], values: FormValues, facts: Facts, mode: OptionsMode): Resolver<FormValues> {
  return zodResolver(optionsSchema(fields, values, facts, mode)) as unknown as Resolver<FormValues>;
}
