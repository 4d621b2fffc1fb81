// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { nameOutputs } from '../core/naming';
import { ResultList } from './ResultList';
import { testManifest } from '../../tests/support/components';

afterEach(() => vi.restoreAllMocks());

function results(compareFile: File) {
  const manifest = testManifest({ output: { name: 'compressed-{name}' } });
  return nameOutputs(manifest, [compareFile], [{ bytes: new Uint8Array([1, 2, 3]), type: 'image/jpeg' }], {});
}

describe('before/after comparison of an image result', () => {
  it('links each result to the input it came from, and shows it under the result with a slider that moves the cut', () => {
    let n = 0;
    URL.createObjectURL = vi.fn(() => `blob:test-${++n}`);
    URL.revokeObjectURL = vi.fn();
    const input = new File([new Uint8Array(10)], 'photo.jpg', { type: 'image/jpeg' });
    const [result] = results(input);
    expect(result!.original).toBe(input);
    render(<ResultList results={[result!]} onDownload={() => {}} onDownloadAll={() => {}} compare />);
    expect(screen.getByAltText('Original of compressed-photo.jpg')).toBeInTheDocument();
    const after = screen.getByTestId('compare-after');
    expect(after).toHaveStyle({ clipPath: 'inset(0 0 0 50%)' });
    const slider = screen.getByRole('slider', { name: /Compare the original \(left\) with the result \(right\) of compressed-photo\.jpg/ });
    fireEvent.change(slider, { target: { value: '20' } });
    expect(after).toHaveStyle({ clipPath: 'inset(0 0 0 20%)' });
  });

  it('shows the result alone where the tool does not ask for a comparison', () => {
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    const [result] = results(new File([new Uint8Array(10)], 'photo.jpg', { type: 'image/jpeg' }));
    render(<ResultList results={[result!]} onDownload={() => {}} onDownloadAll={() => {}} />);
    expect(screen.queryByTestId('compare')).toBeNull();
    expect(screen.getByAltText('Preview of compressed-photo.jpg')).toBeInTheDocument();
  });
});
