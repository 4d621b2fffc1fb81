import { describe, expect, it } from 'vitest';
import { manifestSchema } from '../../schemas/manifest';
import { readManifestFiles } from '../manifests/read';
import { withManifestDefaults } from './manifest-defaults';

const files = Object.fromEntries(readManifestFiles().map((file) => [file.path, file.raw]));

describe('withManifestDefaults', () => {
  it('reads every manifest exactly as its zod schema does', () => {
    expect(Object.keys(files).length).toBeGreaterThan(50);
    for (const [path, raw] of Object.entries(files)) {
      expect(withManifestDefaults(raw), path).toStrictEqual(manifestSchema.parse(raw));
    }
  });

  it('fills in every default of a minimal manifest', () => {
    const raw = Object.values(files)[0] as Record<string, unknown>;
    const minimal = { ...raw, listed: undefined, worksInPage: undefined, options: undefined, checks: [{ when: { fileCount: { min: 2 } }, message: 'm' }] };
    const clean = JSON.parse(JSON.stringify(minimal));
    expect(withManifestDefaults(clean)).toStrictEqual(manifestSchema.parse(clean));
  });
});
