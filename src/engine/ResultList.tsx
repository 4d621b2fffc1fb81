/**
 * Result cards: name, original name, size, facts, a preview, and Download /
 * Download All as the page's primary action. Focus moves to the results when
 * they arrive in place of the finished run's status.
 */
import { Button, Card } from '@radix-ui/themes';
import { Download, FileCheck2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { formatNumber, t, type MessageId } from '../lib/i18n/messages';
import { plainNumber, sizeText } from './sizes';
import { ResultPreview } from './ResultPreview';
import type { ToolResult } from '../core/tool-result';

/** Shown on a card whose file and figures come from the simulation. */
export const simulatedResultNote = () => t('engine.results.simulated');

/** Labels for common facts; other keys are shown with their name in words ("blurAmount" as "Blur amount"). */
const META_LABELS: Record<string, MessageId> = {
  pageCount: 'engine.meta.pageCount',
  fileCount: 'engine.meta.fileCount',
  compressionRatio: 'engine.meta.compressionRatio',
  originalSize: 'engine.meta.originalSize',
  compressedSize: 'engine.meta.compressedSize',
  width: 'engine.meta.width',
  height: 'engine.meta.height',
  quality: 'engine.meta.quality',
  pages: 'engine.meta.pages',
  xfaForms: 'engine.meta.xfaForms',
};

export function metaLabel(key: string): string {
  if (Object.hasOwn(META_LABELS, key)) return t(META_LABELS[key]);
  // A fact with no label of its own: its name in words, in English only (it names a processor's value).
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Facts used by pages for their own messages rather than shown as they are. */
const HIDDEN_META = new Set(['kept']);

function formatMeta(key: string, value: string | number): string {
  if (key === 'compressionRatio' && typeof value === 'number') return formatNumber((Math.round(value) || 0) / 100, { style: 'percent', maximumFractionDigits: 0, useGrouping: false });
  if ((key === 'originalSize' || key === 'compressedSize') && typeof value === 'number') return sizeText(value);
  if ((key === 'width' || key === 'height') && typeof value === 'number') return t('engine.meta.pixels', { value: numberText(value) });
  return typeof value === 'number' ? numberText(value) : value;
}

/** A fact's number in the page's language, where that loses nothing (up to three decimals); as it is otherwise. */
function numberText(value: number): string {
  return Number.isFinite(value) && Number(value.toFixed(3)) === value ? plainNumber(value) : String(value);
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
    <section className="results" aria-label={t('engine.results.label')} tabIndex={-1} ref={section}>
      {results.length > 1 && (
        <div className="results-head">
          <span>
            {t('engine.results.ready', { count: results.length })}
          </span>
          <Button type="button" onClick={onDownloadAll}>
            <Download size={16} aria-hidden="true" /> {t('engine.results.downloadAll')}
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
                  {result.originalName && <span>{t('engine.results.from', { name: result.originalName })} · </span>}
                  <span data-testid="result-size">{sizeText(result.size)}</span>
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
                    {simulatedResultNote()}
                  </p>
                )}
                {!result.simulated && <ResultPreview result={result} compare={compare} />}
              </div>
              <Button
                type="button"
                variant={single ? 'solid' : 'soft'}
                onClick={() => onDownload(result)}
                aria-label={t('engine.results.downloadName', { name: result.name })}
              >
                <Download size={16} aria-hidden="true" /> {t('engine.results.download')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
