/**
 * A manifest as its zod schema (schemas/manifest.ts) reads it, without zod: the
 * schema's defaults filled in. Manifests are validated at build time and in the
 * tests (tests/manifest-defaults.test.ts holds this to `manifestSchema.parse`
 * for every manifest), so a tool page need not carry zod to open.
 */
import type { ManifestInput, ToolManifest } from '../../schemas/manifest';

export function withManifestDefaults(raw: unknown): ToolManifest {
  const m = raw as ManifestInput;
  return {
    ...m,
    listed: m.listed ?? true,
    limits: {
      ...m.limits,
      maxFiles: m.limits.maxFiles ?? 1,
      maxBytes: m.limits.maxBytes ?? 10485760,
      minFiles: m.limits.minFiles ?? 1,
      appendFiles: m.limits.appendFiles ?? false,
      reorder: m.limits.reorder ?? false,
    },
    options: (m.options ?? []) as ToolManifest['options'],
    checks: (m.checks ?? []).map((c) => ({ ...c, title: c.title ?? 'Error' })),
    messages: {
      ...m.messages,
      successTitle: m.messages.successTitle ?? 'Success',
      downloadAllDemo: m.messages.downloadAllDemo ?? 'Mock download all would create a ZIP here.',
      downloadAllDemoTitle: m.messages.downloadAllDemoTitle ?? 'Info',
      missingResult: m.messages.missingResult ?? 'File not available for download.',
    },
    simulation: {
      ...m.simulation,
      outputs: m.simulation.outputs ?? 'each',
      successTitle: m.simulation.successTitle ?? 'Success',
    },
    worksInPage: m.worksInPage ?? false,
  } as ToolManifest;
}
