/**
 * The full-width action button with spinner and busy label, plus progress and
 * Cancel while running. While a run is under way, focus rests on the live
 * status (the button it came from is disabled); once there is a result, the
 * button steps back so the download is the next step.
 */
import { Button, Spinner } from '@radix-ui/themes';
import { useEffect, useRef } from 'react';
import type { ToolManifest } from '../../schemas/manifest';
import type { Progress } from './useToolRun';
import { formatNumber, t } from '../lib/i18n/messages';

interface RunControlsProps {
  manifest: ToolManifest;
  running: boolean;
  disabled: boolean;
  progress: Progress | null;
  onCancel(): void;
  /** The button submits the surrounding form unless a click handler is given. */
  onClick?(): void;
  /** A result is shown: the button becomes secondary to its Download. */
  done?: boolean;
}

export function RunControls({ manifest, running, disabled, progress, onCancel, onClick, done = false }: RunControlsProps) {
  return (
    <div className="run-controls">
      <Button
        type={onClick ? 'button' : 'submit'}
        size="3"
        variant={done && !running ? 'soft' : 'solid'}
        className="run-button"
        disabled={disabled || running}
        onClick={onClick}
        aria-busy={running}
      >
        {running && <Spinner size="2" />}
        {running ? manifest.action.busyLabel : manifest.action.label}
      </Button>
      {running && <RunProgress label={t('engine.run.progressLabel', { action: manifest.action.busyLabel })} progress={progress} onCancel={onCancel} />}
    </div>
  );
}

/** The live progress of a run with its Cancel button; it takes focus when it appears. */
export function RunProgress({ label, progress, onCancel }: { label: string; progress: Progress | null; onCancel(): void }) {
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : null;
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => status.current?.focus(), []);
  return (
    <div className="run-progress" role="status" tabIndex={-1} ref={status} data-testid="run-status">
      <progress max={100} value={percent ?? undefined} aria-label={label} />
      <span className="run-progress-text" aria-live="polite">
        {percent === null ? t('engine.run.working') : formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 0 })}
      </span>
      <Button type="button" variant="soft" color="gray" onClick={onCancel}>
        {t('engine.run.cancel')}
      </Button>
    </div>
  );
}
