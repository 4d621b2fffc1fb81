/**
 * Batch mode on a page: choose a folder (or many files), choose where the
 * outputs go, run, and watch a live table. With the File System Access API
 * the outputs are written into the chosen folder as they are made, under the
 * same relative paths; elsewhere they are streamed into one ZIP. Loaded only
 * when the visitor opens batch mode.
 */
import { Button } from '@radix-ui/themes';
import { Download, FolderInput, FolderOutput, Play, Square } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { OptionValues } from '../../../schemas/manifest';
import { downloadBlob } from '../../lib/download';
import { formatNumber, t, type MessageId } from '../../lib/i18n/messages';
import { sizeText } from '../sizes';
import { notify } from '../notify';
import { listFolder } from './folder';
import { batchReport } from '../../core/report';
import { laneCount, newRow, type BatchInput, type BatchRow } from '../../core/run-batch';
import { runFolderBatch } from './batch-run';
import type { BatchTarget } from './tool-batch';

type Picker = (options?: { mode?: 'read' | 'readwrite'; id?: string }) => Promise<FileSystemDirectoryHandle>;

/** The folder picker where the browser has one (Chromium); tests may supply their own. */
function folderPicker(): Picker | null {
  const picker = (window as unknown as { showDirectoryPicker?: Picker }).showDirectoryPicker;
  return typeof picker === 'function' ? picker.bind(window) : null;
}

const STATUS_LABEL: Record<BatchRow['status'], MessageId> = {
  waiting: 'engine.batch.status.waiting',
  running: 'engine.batch.status.running',
  done: 'engine.batch.status.done',
  skipped: 'engine.batch.status.skipped',
  failed: 'engine.batch.status.failed',
  cancelled: 'engine.batch.status.cancelled',
};

function filesFrom(list: FileList | null, extensions: string[]): BatchInput[] {
  const wanted = new Set(extensions.map((e) => e.toLowerCase()));
  return [...(list ?? [])]
    .filter((f) => wanted.has(f.name.slice(f.name.lastIndexOf('.')).toLowerCase()))
    .map((f) => ({ path: f.webkitRelativePath || f.name, size: f.size, open: async () => f }));
}

/** Finished files shown in the table; every failed and running file is shown too, and the report lists all. */
const SHOWN_FINISHED = 100;

/** The rows the table shows, so a batch of thousands keeps a small page. */
function shownRows(rows: BatchRow[]): BatchRow[] {
  const finished = rows.flatMap((r, i) => (r.status === 'done' || r.status === 'skipped' || r.status === 'cancelled' ? [i] : []));
  const recent = new Set(finished.slice(-SHOWN_FINISHED));
  return rows.filter((r, i) => r.status === 'failed' || r.status === 'running' || recent.has(i));
}

function timeLeft(rows: BatchRow[], startedAt: number): string {
  const finished = rows.filter((r) => r.status !== 'waiting' && r.status !== 'running').length;
  const left = rows.filter((r) => r.status === 'waiting' || r.status === 'running').length;
  if (finished === 0 || left === 0) return '';
  const seconds = Math.round((((performance.now() - startedAt) / finished) * left) / 1000);
  return ` · ${seconds < 60 ? t('engine.batch.secondsLeft', { seconds }) : t('engine.batch.minutesLeft', { minutes: Math.round(seconds / 60) })}`;
}

export interface BatchPanelProps {
  target: BatchTarget;
  /** The validated options of the page's form, or null when the form said what is wrong. */
  options(): Promise<OptionValues | null>;
  slug: string;
}

export default function BatchPanel({ target, options, slug }: BatchPanelProps) {
  const picker = useMemo(folderPicker, []);
  const [inputs, setInputs] = useState<BatchInput[] | null>(null);
  const [source, setSource] = useState('');
  const [inputDir, setInputDir] = useState<FileSystemDirectoryHandle | null>(null);
  const [output, setOutput] = useState<FileSystemDirectoryHandle | null>(null);
  const [rows, setRows] = useState<BatchRow[]>([]);
  const [running, setRunning] = useState(false);
  const [startedAt, setStartedAt] = useState(0);
  const stop = useRef<AbortController | null>(null);
  const abandon = useRef(new AbortController());
  useEffect(() => () => abandon.current.abort(), []);

  const chooseInput = async () => {
    try {
      const dir = await picker!({ mode: 'read', id: `${slug}-in` });
      const found = await listFolder(dir, target.extensions);
      setInputs(found);
      setInputDir(dir);
      setSource(dir.name);
      setRows([]);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') notify.error(t('engine.batch.readFailed'));
    }
  };
  const chooseOutput = async () => {
    try {
      setOutput(await picker!({ mode: 'readwrite', id: `${slug}-out` }));
    } catch (error) {
      if ((error as Error).name !== 'AbortError') notify.error(t('engine.batch.outputFailed'));
    }
  };

  const start = async () => {
    if (!inputs?.length) return notify.error(t('engine.batch.needFolder', { extensions: target.extensions.join(', ') }));
    if (picker && !output) return notify.error(t('engine.batch.needOutput'));
    const values = await options();
    if (!values) return;
    const controller = new AbortController();
    stop.current = controller;
    setRunning(true);
    setStartedAt(performance.now());
    let current: BatchRow[] = [];
    // The table is redrawn a few times a second, not once per file event.
    let timer: ReturnType<typeof setTimeout> | null = null;
    try {
      const run = await runFolderBatch({
        target,
        values,
        inputs,
        inputDir: picker ? inputDir : null,
        outputDir: picker ? output : null,
        lanes: laneCount(navigator.hardwareConcurrency),
        stop: controller.signal,
        abandon: abandon.current.signal,
        onStart(admitted, notice) {
          if (notice) notify.info(notice);
          current = admitted.map(newRow);
          setRows([...current]);
        },
        onRow(index, row) {
          current[index] = row;
          timer ??= setTimeout(() => {
            timer = null;
            setRows([...current]);
          }, 250);
        },
      });
      if (timer) clearTimeout(timer);
      if ('refused' in run) return notify.error(run.refused);
      const done = run.rows;
      setRows(done);
      if (run.zip) downloadBlob(run.zip, `${slug}-batch.zip`);
      const failed = done.filter((r) => r.status === 'failed').length;
      const made = done.filter((r) => r.status === 'done').length;
      const skipped = done.filter((r) => r.status === 'skipped').length;
      const summary = t('engine.batch.summary', { made, skipped, failed });
      if (controller.signal.aborted) notify.info(t('engine.batch.stopped', { summary }));
      else if (failed > 0) notify.warning(t('engine.batch.someFailed', { failed, total: done.length, summary }));
      else notify.success(t('engine.batch.finished', { summary }));
    } finally {
      stop.current = null;
      setRunning(false);
    }
  };

  const finished = rows.filter((r) => r.status !== 'waiting' && r.status !== 'running').length;
  const failed = rows.filter((r) => r.status === 'failed').length;
  const shown = shownRows(rows);
  return (
    <div className="batch-panel">
      <div className="batch-choices">
        {picker ? (
          <>
            <Button type="button" variant="soft" onClick={chooseInput} disabled={running}>
              <FolderInput size={16} aria-hidden="true" /> {t('engine.batch.chooseFolder')}
            </Button>
            <Button type="button" variant="soft" onClick={chooseOutput} disabled={running}>
              <FolderOutput size={16} aria-hidden="true" /> {t('engine.batch.chooseOutput')}
            </Button>
          </>
        ) : (
          <label className="batch-file-label">
            {t('engine.batch.chooseFiles')}
            <input
              type="file"
              multiple
              accept={target.extensions.join(',')}
              disabled={running}
              onChange={(e) => {
                setInputs(filesFrom(e.currentTarget.files, target.extensions));
                setSource('');
                setRows([]);
              }}
            />
          </label>
        )}
      </div>
      <p className="batch-status" data-testid="batch-chosen">
        {inputs
          ? source
            ? t('engine.batch.foundIn', { count: inputs.length, folder: source })
            : t('engine.batch.found', { count: inputs.length })
          : t('engine.batch.noFolder')}
        {' · '}
        {picker ? (output ? t('engine.batch.outputTo', { folder: output.name }) : t('engine.batch.noOutput')) : t('engine.batch.zipOutput')}
      </p>
      <div className="batch-actions">
        <Button type="button" onClick={start} disabled={running || !inputs?.length}>
          <Play size={16} aria-hidden="true" /> {t('engine.batch.run')}
        </Button>
        {running && (
          <Button type="button" variant="soft" color="gray" onClick={() => stop.current?.abort()}>
            <Square size={16} aria-hidden="true" /> {t('engine.batch.stop')}
          </Button>
        )}
        {!running && rows.length > 0 && (
          <Button type="button" variant="soft" onClick={() => downloadBlob(new Blob([batchReport(rows)], { type: 'text/csv' }), `${slug}-batch-report.csv`)}>
            <Download size={16} aria-hidden="true" /> {t('engine.batch.report')}
          </Button>
        )}
      </div>
      {rows.length > 0 && (
        <>
          <div className="batch-progress" role="status" aria-live="polite" data-testid="batch-progress">
            <progress max={rows.length} value={finished} aria-label={t('engine.batch.progressLabel')} />
            <span>
              {t('engine.batch.progress', { finished, total: rows.length })}
              {failed ? ` · ${t('engine.batch.progressFailed', { failed })}` : ''}
              {running ? timeLeft(rows, startedAt) : ''}
            </span>
          </div>
          <div className="batch-table-wrap" tabIndex={0} role="region" aria-label={t('engine.batch.tableLabel')}>
            <table className="batch-table" data-testid="batch-table">
              <thead>
                <tr>
                  <th scope="col">{t('engine.batch.column.file')}</th>
                  <th scope="col">{t('engine.batch.column.status')}</th>
                  <th scope="col">{t('engine.batch.column.sizeIn')}</th>
                  <th scope="col">{t('engine.batch.column.sizeOut')}</th>
                  <th scope="col">{t('engine.batch.column.time')}</th>
                  <th scope="col">{t('engine.batch.column.savedAs')}</th>
                  <th scope="col">{t('engine.batch.column.message')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.path} data-status={r.status}>
                    <td>{r.path}</td>
                    <td>{t(STATUS_LABEL[r.status])}</td>
                    <td>{sizeText(r.bytesIn)}</td>
                    <td>{r.bytesOut ? sizeText(r.bytesOut) : ''}</td>
                    <td>{r.ms ? t('engine.batch.seconds', { seconds: formatNumber(r.ms / 1000, { useGrouping: false, minimumFractionDigits: 1, maximumFractionDigits: 1 }) }) : ''}</td>
                    <td>{r.outputs.join(', ')}</td>
                    <td>{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown.length < finished + rows.filter((r) => r.status === 'running').length && (
            <p className="batch-status">{t('engine.batch.tableNote', { count: SHOWN_FINISHED })}</p>
          )}
        </>
      )}
    </div>
  );
}
