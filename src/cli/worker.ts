/**
 * A worker thread of the command's pool (src/cli/pool.ts). It runs one file
 * (or, for a tool that combines its files, one set of files) at a time
 * through a tool or a workflow, with the site's own engine: runChain over
 * runFiles, the processors discovered as the site's worker discovers them,
 * outputs named by each tool's rule. Input files are read here, when their
 * turn comes, so the main thread never holds them.
 */
import './run-words';
import { readFile } from 'node:fs/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { CancelledError } from '../lib/errors';
import { runChain, type ChainStep, type StepRunner } from '../core/run-chain';
import { runFiles } from '../core/run-files';
import { crashMessage } from '../core/run-shape';
import { loadProcessor } from '../core/processor-modules';
import { installCanvas } from './canvas';
import { runnableTool } from './catalogue';
import { mimeOf } from './mime';
import { installNativeJpeg } from './node/native-jpeg-proof';
import type { RunRequest, WorkerData, WorkerReply, WorkerRequest } from './protocol';

const port = parentPort!;
const { verbose = false, preload = [] } = (workerData ?? {}) as Partial<WorkerData>;
const post = (reply: WorkerReply, transfer: ArrayBuffer[] = []) => port.postMessage(reply, transfer);

// Engines print warnings of their own (pdf.js, Emscripten); the command's output is its progress or its JSON lines.
if (!verbose) for (const key of ['log', 'info', 'warn', 'error', 'debug'] as const) console[key] = () => {};

const controllers = new Map<number, AbortController>();

/** This thread's heap and the memory its objects hold outside it (in a worker thread these two are its own; rss is the process's). */
function memoryInUse(): number {
  const { heapUsed, external } = process.memoryUsage();
  return heapUsed + external;
}

async function run(request: RunRequest): Promise<void> {
  const controller = new AbortController();
  controllers.set(request.id, controller);
  const notices = new Set<string>();
  try {
    const steps: ChainStep[] = request.steps.map(({ tool, options }) => {
      const manifest = runnableTool(tool);
      if (!manifest) throw new Error(`No tool named ${tool}`);
      return { manifest, options };
    });
    const files = await Promise.all(
      request.files.map(async (f) => new File([(await readFile(f.path)) as Uint8Array<ArrayBuffer>], f.name, { type: mimeOf(f.name) })),
    );
    const runStep: StepRunner = async (processor, stepFiles, options, signal, onProgress, each, fields) => {
      const module = await loadProcessor(processor);
      const sources = stepFiles.map((f) => ({ name: f.name, type: f.type, read: async () => new Uint8Array(await f.arrayBuffer()) }));
      const done = await runFiles(module, sources, options, { signal, onProgress, each, fields });
      // The command has no result card: an output's note (the owner's restrictions kept, say) goes in the report with its notices.
      for (const output of done.outputs) for (const said of [output.notice, output.note]) if (said) notices.add(said);
      return done;
    };
    const { results, failures } = await runChain(steps, files, controller.signal, () => undefined, runStep);
    const made = await Promise.all(
      results.map(async (r) => ({ name: r.name, bytes: new Uint8Array(await r.blob.arrayBuffer()), source: files.findIndex((f) => f.name === r.originalName) })),
    );
    post(
      {
        kind: 'done',
        id: request.id,
        results: made.map((m) => ({ ...m, source: m.source >= 0 && request.steps.length === 1 ? m.source : undefined })),
        failures: failures.map((f) => ({ name: f.name, message: request.workflow ? `Step ${f.step}: ${f.message}` : f.message })),
        notices: [...notices],
        memory: memoryInUse(),
      },
      made.map((m) => m.bytes.buffer as ArrayBuffer),
    );
  } catch (error) {
    if (verbose) process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    const message = error instanceof CancelledError ? 'Cancelled' : crashMessage();
    post({ kind: 'error', id: request.id, message, memory: memoryInUse() });
  } finally {
    controllers.delete(request.id);
  }
}

port.on('message', (request: WorkerRequest) => {
  if (request.kind === 'cancel') controllers.get(request.id)?.abort();
  else void ready.then(() => run(request));
});

installNativeJpeg();
// The tool's modules load while the main thread checks the options and finds the files; a failure shows on the first request.
for (const processor of preload) loadProcessor(processor).catch(() => undefined);
const ready = installCanvas().then(() => post({ kind: 'ready' }));
