/// <reference lib="webworker" />
/**
 * The module worker that runs one processor. It is created for one run and
 * ended afterwards. Cancel aborts the processor's signal so its loops stop at
 * their next check; the bridge terminates the worker if that takes too long.
 */
import { CancelledError, isToolError } from '../../lib/errors';
import type { ToolInput } from '../types';
import { loadProcessor } from './processor-modules';
import type { WorkerMessage, WorkerRequest } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);
const controller = new AbortController();

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  if (request.kind === 'cancel') return controller.abort();
  try {
    const inputs: ToolInput[] = await Promise.all(
      request.files.map(async (f) => ({ name: f.name, type: f.type, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const processor = await loadProcessor(request.processor);
    // The page has validated the values from the manifest's fields; parsing here gives them their declared types.
    const options = processor.options.parse(request.options);
    const outputs = await processor.run(inputs, options, {
      signal: controller.signal,
      onProgress: (done, total) => post({ kind: 'progress', done, total }),
    });
    if (controller.signal.aborted) throw new CancelledError();
    post({ kind: 'done', outputs }, outputs.map((o) => o.bytes.buffer as ArrayBuffer));
  } catch (error) {
    if (controller.signal.aborted) return post({ kind: 'cancelled' });
    const toolError = isToolError(error);
    post({
      kind: 'error',
      toolError,
      message: error instanceof Error ? error.message : String(error),
      link: toolError ? error.link : undefined,
    });
  }
};
