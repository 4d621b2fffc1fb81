/// <reference lib="webworker" />
/**
 * The module worker that runs one processor. It is created for one run and
 * terminated afterwards (or on cancel), so a stuck processor cannot outlive it.
 */
import { isToolError } from '../../lib/errors';
import type { ToolInput } from '../types';
import { loadProcessor } from './processor-modules';
import type { RunRequest, WorkerMessage } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage, transfer: Transferable[] = []) => scope.postMessage(message, transfer);

scope.onmessage = async (event: MessageEvent<RunRequest>) => {
  const { processor, files, options } = event.data;
  const controller = new AbortController();
  try {
    const inputs: ToolInput[] = await Promise.all(
      files.map(async (f) => ({ name: f.name, type: f.type, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const run = await loadProcessor(processor);
    const outputs = await run(inputs, options, {
      signal: controller.signal,
      onProgress: (done, total) => post({ kind: 'progress', done, total }),
    });
    post({ kind: 'done', outputs }, outputs.map((o) => o.bytes.buffer as ArrayBuffer));
  } catch (error) {
    const toolError = isToolError(error);
    post({
      kind: 'error',
      toolError,
      message: error instanceof Error ? error.message : String(error),
      link: toolError ? error.link : undefined,
    });
  }
};
