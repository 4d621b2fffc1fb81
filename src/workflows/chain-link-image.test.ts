import { describe, expect, it } from 'vitest';
import { toolBySlug } from '../../tests/support/catalogue';
import { imageValue } from '../contract/image-value';
import { chainHash, shareableStep } from './chain-link';

describe('a shared chain with an image option', () => {
  it('leaves the image out of the link and asks for it instead', () => {
    const manifest = toolBySlug('add-watermark')!;
    const logo = imageValue('logo.png', 'image/png', new Uint8Array(50_000).fill(7));
    const step = shareableStep(manifest, { kind: 'image', image: logo, opacity: 40 });
    expect(step.options).toMatchObject({ kind: 'image', opacity: 40 });
    expect(step.options).not.toHaveProperty('image');
    expect(step.ask).toEqual(['image']);
    expect(chainHash({ steps: [step] }).length).toBeLessThan(1000);
  });
});
