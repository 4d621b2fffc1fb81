/**
 * The texts of a tool manifest or a workflow a person reads, as a flat map from a key
 * ("title", "options.quality.label", "options.format.choices.png", "messages.noFile") to
 * the English text; and the same manifest with a locale's texts put in their places.
 * The manifest stays the one place a tool is described in English; a locale's
 * texts are locales/<locale>/tools/<slug>.json (workflows/<slug>.json for a workflow),
 * with these keys. A key a locale lacks keeps its English text.
 *
 * Texts keep the engine's own placeholders: {n}, {files}, {n:one|many} and option names.
 */
import type { Field, ToolManifest } from '../../../schemas/manifest';
import type { Workflow } from '../../../schemas/workflow';

export type Texts = Record<string, string>;

const FIELD_TEXTS = ['label', 'help', 'placeholder', 'unit', 'invalidMessage', 'requiredMessage', 'minLengthMessage'] as const;

/** Every text of a manifest, by key. */
export function manifestTexts(manifest: ToolManifest): Texts {
  const texts: Texts = {};
  const put = (key: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') texts[key] = value;
  };
  put('title', manifest.title);
  put('description', manifest.description);
  put('badge', manifest.badge);
  put('note', manifest.note);
  manifest.features.forEach((f, i) => put(`features.${i}`, f));
  manifest.howTo.forEach((h, i) => put(`howTo.${i}`, h));
  for (const field of manifest.options) {
    const record = field as Partial<Record<(typeof FIELD_TEXTS)[number], string>>;
    for (const part of FIELD_TEXTS) put(`options.${field.name}.${part}`, record[part]);
    if ('choices' in field) for (const choice of field.choices) put(`options.${field.name}.choices.${choice.value}`, choice.label);
  }
  put('action.label', manifest.action.label);
  put('action.busyLabel', manifest.action.busyLabel);
  manifest.checks.forEach((check, i) => {
    put(`checks.${i}.message`, check.message);
    put(`checks.${i}.title`, check.title);
  });
  for (const [key, value] of Object.entries(manifest.messages)) put(`messages.${key}`, value);
  put('simulation.success', manifest.simulation.success);
  put('simulation.successTitle', manifest.simulation.successTitle);
  return texts;
}

/** The manifest with each text a locale has in place of the English one. */
export function localizeManifest(manifest: ToolManifest, texts: Texts | undefined): ToolManifest {
  if (!texts || Object.keys(texts).length === 0) return manifest;
  const text = (key: string, english: string) => texts[key] ?? english;
  const maybe = (key: string, english: string | undefined) => (english === undefined ? undefined : text(key, english));
  const field = (f: Field): Field => {
    const copy = { ...f } as Field & Partial<Record<(typeof FIELD_TEXTS)[number], string>>;
    for (const part of FIELD_TEXTS) {
      const english = (f as Partial<Record<(typeof FIELD_TEXTS)[number], string>>)[part];
      if (english !== undefined) copy[part] = text(`options.${f.name}.${part}`, english);
    }
    if ('choices' in copy) copy.choices = copy.choices.map((c) => ({ ...c, label: text(`options.${f.name}.choices.${c.value}`, c.label) }));
    return copy;
  };
  return {
    ...manifest,
    title: text('title', manifest.title),
    description: text('description', manifest.description),
    badge: maybe('badge', manifest.badge),
    note: maybe('note', manifest.note),
    features: manifest.features.map((f, i) => text(`features.${i}`, f)),
    howTo: manifest.howTo.map((h, i) => text(`howTo.${i}`, h)),
    options: manifest.options.map(field),
    action: { ...manifest.action, label: text('action.label', manifest.action.label), busyLabel: text('action.busyLabel', manifest.action.busyLabel) },
    checks: manifest.checks.map((c, i) => ({ ...c, message: text(`checks.${i}.message`, c.message), title: text(`checks.${i}.title`, c.title) })),
    messages: Object.fromEntries(Object.entries(manifest.messages).map(([k, v]) => [k, text(`messages.${k}`, v)])) as ToolManifest['messages'],
    simulation: {
      ...manifest.simulation,
      success: text('simulation.success', manifest.simulation.success),
      successTitle: text('simulation.successTitle', manifest.simulation.successTitle),
    },
  };
}

/** Every text of a workflow, by key. */
export function workflowTexts(workflow: Workflow): Texts {
  const texts: Texts = { title: workflow.title, description: workflow.description };
  workflow.features.forEach((f, i) => (texts[`features.${i}`] = f));
  return texts;
}

export function localizeWorkflow(workflow: Workflow, texts: Texts | undefined): Workflow {
  if (!texts) return workflow;
  return {
    ...workflow,
    title: texts.title ?? workflow.title,
    description: texts.description ?? workflow.description,
    features: workflow.features.map((f, i) => texts[`features.${i}`] ?? f),
  };
}

/**
 * The placeholders of a text: {name}, {n:one|many} and ICU arguments ({count, plural, ...}),
 * by name, so a translation can be held to its English text's.
 */
export function placeholders(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(/\{\s*([A-Za-z][\w]*)\s*(?:[:,}])/g)) names.add(match[1]);
  return [...names].sort();
}
