/**
 * Before and after, one over the other: the result is drawn over the
 * original and cut at a line the visitor moves (by pointer, or with the arrow
 * keys on the slider under the pictures).
 */
import { useState } from 'react';
import { useObjectUrl } from './useObjectUrl';
import { t } from '../lib/i18n/messages';

export function CompareSlider({ before, after, name }: { before: Blob; after: Blob; name: string }) {
  const beforeUrl = useObjectUrl(before);
  const afterUrl = useObjectUrl(after);
  const [split, setSplit] = useState(50);
  if (!beforeUrl || !afterUrl) return null;
  return (
    <figure className="compare" data-testid="compare">
      <div className="compare-frame">
        <img className="compare-before" src={beforeUrl} alt={t('engine.compare.originalImage', { name })} />
        <img
          className="compare-after"
          src={afterUrl}
          alt={t('engine.preview.image', { name })}
          style={{ clipPath: `inset(0 0 0 ${split}%)` }}
          data-testid="compare-after"
        />
        <span className="compare-line" style={{ left: `${split}%` }} aria-hidden="true" />
      </div>
      <input
        type="range"
        className="compare-range"
        min={0}
        max={100}
        value={split}
        onChange={(e) => setSplit(Number(e.target.value))}
        aria-label={t('engine.compare.slider', { name })}
      />
      <figcaption className="compare-caption">
        <span>{t('engine.compare.original')}</span>
        <span>{t('engine.compare.result')}</span>
      </figcaption>
    </figure>
  );
}
