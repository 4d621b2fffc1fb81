import { useState } from 'react';
import { t } from '../../lib/i18n/messages';

/**
 * A 0-100 number box (shown to one decimal) that lets the visitor clear it
 * while typing: a blank or unfinished entry is kept as typed and only a
 * number reaches `onValue`, kept within 0..100.
 */
export function PercentInput({ label, value, step, onValue }: { label: string; value: number; step: number; onValue(percent: number): void }) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <label className="field">
      <span className="field-label">{t('views.shared.percentInput.label', { label })}</span>
      <input
        type="number"
        className="field-select"
        min={0}
        max={100}
        step={step}
        value={draft ?? String(Math.round(value * 10) / 10)}
        onChange={(e) => {
          setDraft(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value.trim() !== '' && Number.isFinite(n)) onValue(Math.min(100, Math.max(0, n)));
        }}
        onBlur={() => setDraft(null)}
      />
    </label>
  );
}
