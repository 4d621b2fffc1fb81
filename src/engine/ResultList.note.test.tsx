// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { nameOutputs } from '../core/naming';
import { ResultList } from './ResultList';
import { noPreviewNote } from './ResultPreview';
import { testManifest } from '../../tests/support/components';

const manifest = testManifest({ output: { name: 'compressed-{name}' } });
const input = () => new File([new Uint8Array(10)], 'photo.jpg', { type: 'image/jpeg' });

describe('a result card', () => {
  it("shows its output's note, and no note where there is none", () => {
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    const [kept, plain] = nameOutputs(manifest, [input(), new File([new Uint8Array(4)], 'b.jpg', { type: 'image/jpeg' })], [
      { bytes: new Uint8Array(10), type: 'image/jpeg', note: 'Original kept: compressing it again gave a larger file.' },
      { bytes: new Uint8Array(3), type: 'image/jpeg' },
    ], {});
    expect(kept!.note).toBe('Original kept: compressing it again gave a larger file.');
    expect(plain!.note).toBeUndefined();
    render(<ResultList results={[kept!, plain!]} onDownload={() => {}} onDownloadAll={() => {}} compare />);
    expect(screen.getAllByTestId('result-note').map((n) => n.textContent)).toEqual(['Original kept: compressing it again gave a larger file.']);
  });

  it('tries a JPEG XL result without the slider, and says why where the browser cannot draw it', () => {
    URL.createObjectURL = vi.fn(() => 'blob:jxl');
    URL.revokeObjectURL = vi.fn();
    const [result] = nameOutputs(manifest, [input()], [{ bytes: new Uint8Array([0xff, 0x0a, 1]), type: 'image/jxl' }], {});
    render(<ResultList results={[result!]} onDownload={() => {}} onDownloadAll={() => {}} compare />);
    expect(screen.queryByTestId('compare')).toBeNull();
    fireEvent.error(screen.getByAltText('Preview of compressed-photo.jpg'));
    expect(screen.getByTestId('result-no-preview')).toHaveTextContent(noPreviewNote('JPEG XL'));
  });
});
