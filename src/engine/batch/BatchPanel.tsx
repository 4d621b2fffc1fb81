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
import { formatBytes } from '../../lib/format-size';
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

const STATUS_LABEL: Record<BatchRow['status'], string> = {
  waiting: 'Waiting',
  running: 'Working…',
  done: 'Done',
  skipped: 'Skipped',
  failed: 'Failed',
  cancelled: 'Not run',
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
  return seconds < 60 ? ` · about ${seconds} s left` : ` · about ${Math.round(seconds / 60)} min left`;
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
      if ((error as Error).name !== 'AbortError') notify.error('The folder could not be read. Please choose it again.');
    }
  };
  const chooseOutput = async () => {
    try {
      setOutput(await picker!({ mode: 'readwrite', id: `${slug}-out` }));
    } catch (error) {
      if ((error as Error).name !== 'AbortError') notify.error('The output folder could not be opened. Please choose another.');
    }
  };

  const start = async () => {
    if (!inputs?.length) return notify.error(`Please choose a folder with ${target.extensions.join(', ')} files.`);
    if (picker && !output) return notify.error('Please choose the folder the results go to.');
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
      const summary = `${made} processed, ${skipped} skipped, ${failed} failed.`;
      if (controller.signal.aborted) notify.info(`Batch stopped. ${summary} What was written is kept.`);
      else if (failed > 0) notify.warning(`${failed} of ${done.length} files could not be processed. ${summary} The report lists each one.`);
      else notify.success(`Batch finished. ${summary}`);
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
              <FolderInput size={16} aria-hidden="true" /> Choose a folder
            </Button>
            <Button type="button" variant="soft" onClick={chooseOutput} disabled={running}>
              <FolderOutput size={16} aria-hidden="true" /> Choose output folder
            </Button>
          </>
        ) : (
          <label className="batch-file-label">
            Choose files
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
        {inputs ? `${inputs.length} file${inputs.length === 1 ? '' : 's'} found${source ? ` in ${source}` : ''}` : 'No folder chosen yet.'}
        {picker ? (output ? ` · results go to ${output.name}` : ' · no output folder chosen yet') : ' · results are saved as one ZIP'}
      </p>
      <div className="batch-actions">
        <Button type="button" onClick={start} disabled={running || !inputs?.length}>
          <Play size={16} aria-hidden="true" /> Run batch
        </Button>
        {running && (
          <Button type="button" variant="soft" color="gray" onClick={() => stop.current?.abort()}>
            <Square size={16} aria-hidden="true" /> Stop after the current files
          </Button>
        )}
        {!running && rows.length > 0 && (
          <Button type="button" variant="soft" onClick={() => downloadBlob(new Blob([batchReport(rows)], { type: 'text/csv' }), `${slug}-batch-report.csv`)}>
            <Download size={16} aria-hidden="true" /> Download report (CSV)
          </Button>
        )}
      </div>
      {rows.length > 0 && (
        <>
          <div className="batch-progress" role="status" aria-live="polite" data-testid="batch-progress">
            <progress max={rows.length} value={finished} aria-label="Batch progress" />
            <span>
              {finished} of {rows.length} files{failed ? ` · ${failed} failed` : ''}
              {running ? timeLeft(rows, startedAt) : ''}
            </span>
          </div>
          <div className="batch-table-wrap" tabIndex={0} role="region" aria-label="Files of the batch">
            <table className="batch-table" data-testid="batch-table">
              <thead>
                <tr>
                  <th scope="col">File</th>
                  <th scope="col">Status</th>
                  <th scope="col">Size in</th>
                  <th scope="col">Size out</th>
                  <th scope="col">Time</th>
                  <th scope="col">Saved as</th>
                  <th scope="col">Message</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((r) => (
                  <tr key={r.path} data-status={r.status}>
                    <td>{r.path}</td>
                    <td>{STATUS_LABEL[r.status]}</td>
                    <td>{formatBytes(r.bytesIn)}</td>
                    <td>{r.bytesOut ? formatBytes(r.bytesOut) : ''}</td>
                    <td>{r.ms ? `${(r.ms / 1000).toFixed(1)} s` : ''}</td>
                    <td>{r.outputs.join(', ')}</td>
                    <td>{r.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {shown.length < finished + rows.filter((r) => r.status === 'running').length && (
            <p className="batch-status">The table shows the failed files and the latest {SHOWN_FINISHED} finished; the report lists every file.</p>
          )}
        </>
      )}
    </div>
  );
}
