/**
 * Runs a processor over a run's files so that one bad file never sinks the
 * run. A tool whose files each give their own results (the manifest's
 * simulation says `outputs: "each"`) runs its processor once per file: each
 * file is read when its turn comes and succeeds or fails on its own. A tool
 * that combines its files gets them all at once and reports the ones it left
 * out through ctx.fail. A PDF made from a restrictions-only PDF gets the
 * owner's restrictions back. The worker runs this; so can any other host.
 */
import type { OptionValues } from '../../schemas/manifest';
import { CancelledError, isToolError, throwIfAborted, ToolError } from '../lib/errors';
import { damagedPdfError } from '../lib/pdf/damage';
import { looksLikePdf, mentionsEncryption } from '../lib/pdf/messages';
import type { ProcessorModule } from '../contract/processor';
import { checkRunOptions, type FieldsCheck } from '../contract/run-options';
import type { FileFailure, ToolInput, ToolOutput } from '../contract/types';
import { crashMessage } from './run-shape';
import { emptyFileMessage } from './admission';

/** The message of a file whose processing failed in a way the processor did not foresee. */

/** An input whose bytes are read only when the processor needs them. */
export interface FileSource {
  name: string;
  type: string;
  read(): Promise<Uint8Array>;
}

export interface FilesRun {
  outputs: ToolOutput[];
  failures: FileFailure[];
}


/** A PDF engine's complaint about a PDF file, as the message saying what is wrong with the file. */
function pdfEngineError(name: string, error: unknown): ToolError | null {
  return /\.pdf$/i.test(name) ? damagedPdfError(name, error) : null;
}

/**
 * The failure entry for a file: the processor's own message; what is wrong
 * with the file when a PDF engine's error says so; the generic message for a
 * crash.
 */
export function failureOf(name: string, error: unknown): FileFailure {
  const explained = isToolError(error) ? error : pdfEngineError(name, error);
  if (explained) return { name, message: explained.message, ...(explained.link ? { link: explained.link } : {}) };
  console.error(`Processing ${name} failed:`, error);
  return { name, message: crashMessage() };
}

/** An input's bytes; an empty file is refused with the page's words, whatever tool it was given to. */
async function readInput(source: FileSource): Promise<ToolInput> {
  const bytes = await source.read();
  if (bytes.byteLength === 0) throw new ToolError(emptyFileMessage(source.name));
  return { name: source.name, type: source.type, bytes };
}

/** The inputs that could be read; the others are reported through `fail`, or thrown when none is left. */
async function readAll(sources: readonly FileSource[], fail: (name: string, error: unknown) => void): Promise<ToolInput[]> {
  const inputs: ToolInput[] = [];
  let lastError: unknown;
  for (const source of sources) {
    try {
      inputs.push(await readInput(source));
    } catch (error) {
      lastError = error;
      fail(source.name, error);
    }
  }
  if (inputs.length === 0 && sources.length > 0) throw lastError;
  return inputs;
}

/**
 * The values a processor receives. A value the options form would refuse is refused here with the
 * form's own message, so a worker, a workflow or the command line never runs what the page would not.
 */
function processorOptions(processor: ProcessorModule, rawOptions: unknown, fields: FieldsCheck | undefined): unknown {
  const checked = checkRunOptions(rawOptions as OptionValues, fields, processor.options);
  if (checked.ok) return checked.typed;
  const [problem] = checked.problems;
  if (problem.by !== 'processor') throw new ToolError(problem.message);
  // The processor's schema disagreeing with values the fields allow is the tool's own mistake, not the visitor's.
  throw new Error(`Option ${problem.path}: ${problem.message}`);
}

/**
 * The outputs with the owner's restrictions put back: a restrictions-only PDF
 * (empty open password, an owner password forbidding printing, copying or
 * editing) is decrypted for the processor to work on it, so each PDF made from
 * it is encrypted again as the original was (lib/pdf/owner-restrictions.ts),
 * on every host alike. `inputs` are the files the outputs were made from. A
 * processor that decides its outputs' encryption itself (ownsEncryption:
 * Unlock PDF, Protect PDF, PDF Compressor) is left alone. The check is a scan of the bytes;
 * qpdf loads only for an input that names an encryption dictionary.
 */
async function withOwnerRestrictions(processor: ProcessorModule, outputs: ToolOutput[], inputs: readonly ToolInput[]): Promise<ToolOutput[]> {
  if (processor.ownsEncryption || !outputs.some((o) => looksLikePdf(o.bytes))) return outputs;
  if (!inputs.some((i) => looksLikePdf(i.bytes) && mentionsEncryption(i.bytes))) return outputs;
  const { keepOwnerRestrictions } = await import('../lib/pdf/owner-restrictions');
  return keepOwnerRestrictions(outputs, inputs);
}

export async function runFiles(
  processor: ProcessorModule,
  sources: readonly FileSource[],
  rawOptions: unknown,
  ctx: {
    signal: AbortSignal;
    onProgress(done: number, total: number): void;
    each: boolean;
    /** The manifest's fields and the run's facts, as the page's form checked the values; absent for a helper processor no manifest names. */
    fields?: FieldsCheck;
  },
): Promise<FilesRun> {
  // A tool that takes files is never run without one: its manifest's message says so, once, for every processor.
  if (sources.length === 0 && ctx.fields?.noFile) throw new ToolError(ctx.fields.noFile);
  const options = processorOptions(processor, rawOptions, ctx.fields);
  const failures: FileFailure[] = [];
  const fail = (name: string, error: unknown) => failures.push(failureOf(name, error));
  const { signal } = ctx;

  if (!ctx.each || sources.length <= 1) {
    // Taken before the processor sees them, so an empty file is said once and not counted as a failure twice.
    const before = failures.length;
    let inputs: ToolInput[];
    try {
      inputs = await readAll(sources, fail);
    } catch (error) {
      failures.splice(before);
      throw error;
    }
    const made = await processor.run(inputs, options, { signal, onProgress: ctx.onProgress, fail }).catch((error: unknown) => {
      // With one file, an engine's complaint is about that file.
      throw (sources.length === 1 && pdfEngineError(sources[0].name, error)) || error;
    });
    throwIfAborted(signal);
    // A file the processor left out gave nothing to the outputs, nor its restrictions.
    const left = new Set(failures.slice(before).map((f) => f.name));
    const outputs = await withOwnerRestrictions(processor, made, inputs.filter((i) => !left.has(i.name)));
    throwIfAborted(signal);
    if (ctx.each) outputs.forEach((o) => (o.source = 0));
    return { outputs, failures };
  }

  const outputs: ToolOutput[] = [];
  const total = sources.length;
  for (const [index, source] of sources.entries()) {
    throwIfAborted(signal);
    // Progress inside one file is spread over that file's share of the whole run.
    const onProgress = (done: number, of: number) => ctx.onProgress(index + (of > 0 ? Math.min(done / of, 1) : 0), total);
    try {
      const input = await readInput(source);
      const made = await withOwnerRestrictions(processor, await processor.run([input], options, { signal, onProgress, fail }), [input]);
      for (const output of made) outputs.push({ ...output, source: index });
    } catch (error) {
      if (error instanceof CancelledError || signal.aborted) throw new CancelledError();
      fail(source.name, error);
    }
    ctx.onProgress(index + 1, total);
  }
  return { outputs, failures };
}
