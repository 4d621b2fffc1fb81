// @vitest-environment jsdom
/** What the visitor reads on the result card of Remove Hidden Information: the sentence, and each count in words. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ctx, pdfInput } from '../../tests/fixtures/pdf/make';
import { hiddenInformationPdf } from '../../tests/fixtures/pdf-build/hidden-information';
import { nameOutputs } from '../core/naming';
import { ResultList } from '../engine/ResultList';
import { readManifest } from '../manifests/read';
import processor, { options } from './remove-hidden-information';

describe('the result card of Remove Hidden Information', () => {
  it('says what was removed, and lists the counts by kind', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:test');
    URL.revokeObjectURL = vi.fn();
    const bytes = await hiddenInformationPdf();
    const outputs = await processor.run([pdfInput(bytes, 'report.pdf')], options.parse({}), ctx());
    const [result] = nameOutputs(readManifest('remove-hidden-information'), [{ name: 'report.pdf', size: bytes.length }], outputs, {});
    render(<ResultList results={[result!]} onDownload={() => {}} onDownloadAll={() => {}} />);
    expect(screen.getByTestId('result-name')).toHaveTextContent('cleaned-report.pdf');
    expect(screen.getByTestId('result-note')).toHaveTextContent(/^Removed document metadata, 2 attachments, .* and 1 earlier revision\.$/);
    const facts = [...document.querySelectorAll('.result-meta > div')].map((row) => `${row.querySelector('dt')!.textContent}: ${row.querySelector('dd')!.textContent}`);
    expect(facts).toEqual([
      'Pages: 2',
      'Metadata: 2',
      'Attachments: 2',
      'Scripts and actions: 4',
      'Comments: 2',
      'Form fields: 2',
      'XFA forms: 1',
      'Hidden layers: 1',
      'Hidden text pages: 1',
      'Thumbnails: 1',
      'Private data: 2',
      'Earlier revisions: 1',
      'Revisions: 2',
    ]);
  });
});
