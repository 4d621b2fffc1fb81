// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { toolBySlug } from '../../tests/support/catalogue';
import { chainHash, deleteChain, readChainHash, saveChain, savedChains, shareableStep, type ChainData } from './chain-link';

describe('a chain in a link', () => {
  it('round-trips any text, in characters a URL fragment keeps as they are', () => {
    const chain: ChainData = { steps: [{ tool: 'add-text-to-image', options: { text: 'Été 2024 — 写真 ✓' } }, { tool: 'image-compressor', options: { quality: 60 } }] };
    const hash = chainHash(chain);
    expect(hash).toMatch(/^chain=[A-Za-z0-9_-]+$/);
    expect(readChainHash(`#${hash}`)).toEqual(chain);
  });

  it('tells a missing chain from an unreadable one', () => {
    expect(readChainHash('')).toBeNull();
    expect(readChainHash('#other=1')).toBeNull();
    expect(readChainHash('#chain=%%%')).toBe('unreadable');
    expect(readChainHash('#chain=bm90IGpzb24')).toBe('unreadable');
  });

  it('never carries a password: the step asks for it instead', () => {
    const step = shareableStep(toolBySlug('protect-pdf')!, { password: 'hunter22' });
    expect(step).toEqual({ tool: 'protect-pdf', options: {}, ask: ['password'] });
    expect(shareableStep(toolBySlug('pdf-compressor')!, { level: 'low', unknown: 1 })).toEqual({ tool: 'pdf-compressor', options: { level: 'low' } });
  });
});

describe('saved chains', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one chain per name, sorted, and survives a damaged store', () => {
    saveChain({ name: 'b', steps: [] });
    saveChain({ name: 'a', steps: [] });
    saveChain({ name: 'b', steps: [{ tool: 'merge-pdf', options: {} }] });
    expect(savedChains().map((c) => [c.name, c.steps.length])).toEqual([['a', 0], ['b', 1]]);
    expect(deleteChain('a').map((c) => c.name)).toEqual(['b']);
    localStorage.setItem('filedesk-saved-workflows', '{not json');
    expect(savedChains()).toEqual([]);
  });
});
