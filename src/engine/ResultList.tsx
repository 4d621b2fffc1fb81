/**
 * Result cards: name, original name, size, facts, a preview, and Download /
 * Download All as the page's primary action. Focus moves to the results when
 * they arrive in place of the finished run's status.
 */
import { Button, Card } from '@radix-ui/themes';
import { Download, FileCheck2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatBytes } from '../lib/format-size';
import { ResultPreview } from './ResultPreview';
import type { ToolResult } from '../core/tool-result';

/** Shown on a card whose file and figures come from the simulation. */
export const SIMULATED_RESULT_NOTE = 'Simulated: this placeholder and its figures are not a real result.';

/** Labels for common facts; other keys are shown with their name in words ("blurAmount" as "Blur amount"). */
const META_LABELS: Record<string, string> = {
  pageCount: 'Pages',
  fileCount: 'Files merged',
  compressionRatio: 'Saved',
  originalSize: 'Original size',
  compressedSize: 'Compressed size',
  width: 'Width',
  height: 'Height',
  quality: 'Quality',
  pages: 'Pages',
  xfaForms: 'XFA forms',
};

export function metaLabel(key: string): string {
  if (META_LABELS[key]) return META_LABELS[key];
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Facts used by pages for their own messages rather than shown as they are. */
const HIDDEN_META = new Set(['kept']);

function formatMeta(key: string, value: string | number): string {
  if (key === 'compressionRatio' && typeof value === 'number') return `${Math.round(value)}%`;
  if ((key === 'originalSize' || key === 'compressedSize') && typeof value === 'number') return formatBytes(value);
  if ((key === 'width' || key === 'height') && typeof value === 'number') return `${value} px`;
  return String(value);
}

interface ResultListProps {
  results: ToolResult[];
  onDownload(result: ToolResult): void;
  onDownloadAll(): void;
  maxHeight?: number;
  /** Image results are shown over their originals with a before/after slider. */
  compare?: boolean;
}

export function ResultList({ results, onDownload, onDownloadAll, maxHeight, compare = false }: ResultListProps) {
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const focused = document.activeElement;
    if (results.length > 0 && (!focused || focused === document.body)) section.current?.focus();
  }, [results]);
  if (results.length === 0) return null;
  const single = results.length === 1;
  return (
    <section className="results" aria-label="Results" tabIndex={-1} ref={section}>
      {results.length > 1 && (
        <div className="results-head">
          <span>
            {results.length} files ready
          </span>
          <Button type="button" onClick={onDownloadAll}>
            <Download size={16} aria-hidden="true" /> Download All
          </Button>
        </div>
      )}
      <ul className="result-list" style={maxHeight ? { maxHeight, overflowY: 'auto' } : undefined}>
        {results.map((result) => (
          <li key={result.id}>
            <Card className="result-card">
              <FileCheck2 className="result-icon" size={28} aria-hidden="true" />
              <div className="result-body">
                <p className="result-name" data-testid="result-name">
                  {result.name}
                </p>
                <p className="result-detail">
                  {result.originalName && <span>From {result.originalName} · </span>}
                  <span data-testid="result-size">{formatBytes(result.size)}</span>
                </p>
                {result.meta && (
                  <dl className="result-meta">
                    {Object.entries(result.meta)
                      .filter(([key]) => !HIDDEN_META.has(key))
                      .map(([key, value]) => (
                        <div key={key}>
                          <dt>{metaLabel(key)}</dt>
                          <dd>{formatMeta(key, value)}</dd>
                        </div>
                      ))}
                  </dl>
                )}
                {result.note && (
                  <p className="result-note" data-testid="result-note">
                    {result.note}
                  </p>
                )}
                {result.simulated && (
                  <p className="result-simulated" data-testid="result-simulated">
                    {SIMULATED_RESULT_NOTE}
                  </p>
                )}
                {!result.simulated && <ResultPreview result={result} compare={compare} />}
              </div>
              <Button
                type="button"
                variant={single ? 'solid' : 'soft'}
                onClick={() => onDownload(result)}
                aria-label={`Download ${result.name}`}
              >
                <Download size={16} aria-hidden="true" /> Download
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
