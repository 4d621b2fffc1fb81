/**
 * The site's folder batch without its panel: which of the chosen files run
 * (none of the batch's own results), where the results go (the chosen
 * folder, or one ZIP where folders cannot be written), and the run itself
 * through the run core. The panel only gathers the choices and draws rows.
 */
import type { OptionValues } from '../../../schemas/manifest';
import { runBatch, type BatchInput, type BatchRow } from '../../core/run-batch';
import { folderSink, outsideOutput } from './folder';
import type { BatchTarget } from './tool-batch';
import { zipSink } from './zip-sink';
import { t } from '../../lib/i18n/messages';

export interface FolderBatch {
  target: BatchTarget;
  values: OptionValues;
  inputs: BatchInput[];
  /** The chosen folders; without an output folder the results are one ZIP. */
  inputDir?: FileSystemDirectoryHandle | null;
  outputDir?: FileSystemDirectoryHandle | null;
  lanes: number;
  stop: AbortSignal;
  abandon?: AbortSignal;
  /** Before the first file runs: the files that will run, and a sentence for the visitor when some were left out. */
  onStart?(inputs: BatchInput[], notice: string): void;
  onRow(index: number, row: BatchRow): void;
}

export const onlyOutputsMessage = () => t('engine.batch.onlyOutputs');

export interface FolderBatchRun {
  rows: BatchRow[];
  /** The results as one ZIP, when no output folder was chosen. */
  zip: Blob | null;
}

export async function runFolderBatch(batch: FolderBatch): Promise<FolderBatchRun | { refused: string }> {
  const zip = batch.outputDir ? null : await zipSink();
  const sink = batch.outputDir ? folderSink(batch.outputDir) : zip!;
  const admitted = batch.inputDir && batch.outputDir ? await outsideOutput(batch.inputs, batch.inputDir, batch.outputDir, sink) : { inputs: batch.inputs, notice: '' };
  if (admitted.inputs.length === 0) return { refused: onlyOutputsMessage() };
  batch.onStart?.(admitted.inputs, admitted.notice);
  const runner = batch.target.start(batch.values, batch.lanes);
  try {
    const rows = await runBatch({
      key: runner.key,
      inputs: admitted.inputs,
      lanes: batch.lanes,
      runFile: runner.runFile,
      maxBytes: batch.target.maxBytes,
      tooLarge: batch.target.tooLarge,
      sink,
      stop: batch.stop,
      abandon: batch.abandon,
      onRow: batch.onRow,
    });
    return { rows, zip: zip ? await zip.finish() : null };
  } finally {
    runner.close();
  }
}
