/**
 * Demo mode: the specification's simulation. Waits the manifest's delay, then
 * builds placeholder files of size factor x input size, named by the
 * manifest's rule. Uses setTimeout so tests can drive it with fake timers.
 */
import type { OptionValues, ToolManifest } from '../../../schemas/manifest';
import { CancelledError } from '../../lib/errors';
import { delayMs, metaValue, sizeFactor } from '../../contract/rules';
import type { ToolOutput } from '../../contract/types';
import { factsOf, textBytesOf, type FileLike } from '../../core/facts';
import { toolKind, type KindFacts } from '../../core/tool-kind';
import { t } from '../../lib/i18n/messages';

/** The files a simulation works on: the chosen files, or the typed text as one pseudo-file. */
function simulationInputs(manifest: ToolManifest, files: FileLike[], options: OptionValues): FileLike[] {
  return files.length ? files : [{ name: manifest.slug, size: textBytesOf(options) }];
}

export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CancelledError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new CancelledError());
    });
  });
}

/**
 * What a placeholder says about itself. A tool with a real processor is only
 * simulated in demo mode, so turning demo mode off is the right advice; a tool
 * without one has no real result yet, and must not suggest otherwise.
 */
export function placeholderText(manifest: KindFacts & Pick<ToolManifest, 'title'>): string {
  return toolKind(manifest) === 'real'
    ? `${t('engine.demo.placeholderReal', { title: manifest.title })}\n`
    : `${t('engine.demo.placeholderDemoOnly', { title: manifest.title })}\n`;
}

/** Placeholder bytes of exactly `size` bytes, repeating the text. */
export function placeholderBytes(size: number, text: string): Uint8Array {
  const bytes = new Uint8Array(Math.max(0, Math.round(size)));
  const encoded = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i++) bytes[i] = encoded[i % encoded.length];
  return bytes;
}

export interface SimulationPlan {
  /** Planned results before the delay; `n` is fixed here so a view can show it. */
  parts: { originalName: string; size: number; n: number; inputSize: number }[];
  delay: number;
}

/** Works out what the simulation will produce, without waiting. */
export function planSimulation(
  manifest: ToolManifest,
  files: FileLike[],
  options: OptionValues,
  random: () => number = Math.random,
): SimulationPlan {
  const sim = manifest.simulation;
  const facts = factsOf(files, textBytesOf(options));
  files = simulationInputs(manifest, files, options);
  const factor = sizeFactor(sim, options, facts);
  const delay = delayMs(sim.delayMs, options, facts);
  if (sim.outputs === 'combined') {
    return {
      delay,
      parts: [{ originalName: files[0]?.name ?? manifest.slug, size: factor * facts.totalBytes, n: 1, inputSize: facts.totalBytes }],
    };
  }
  if (typeof sim.outputs === 'object') {
    const { min, max } = sim.outputs.randomParts;
    const count = min + Math.floor(random() * (max - min + 1));
    const source = files[0];
    return {
      delay,
      parts: Array.from({ length: count }, (_, i) => ({
        originalName: source.name,
        size: (factor * source.size) / count,
        n: i + 1,
        inputSize: source.size / count,
      })),
    };
  }
  return { delay, parts: files.map((f, i) => ({ originalName: f.name, size: factor * f.size, n: i + 1, inputSize: f.size })) };
}

/**
 * Demo mode as a processor: waits the planned delay, then returns one
 * placeholder output per planned part, with the facts the manifest lists for
 * its result cards. The engine names the outputs, as it does for a real run.
 */
export async function simulate(
  manifest: ToolManifest,
  files: FileLike[],
  options: OptionValues,
  signal?: AbortSignal,
  plan: SimulationPlan = planSimulation(manifest, files, options),
): Promise<ToolOutput[]> {
  await wait(plan.delay, signal);
  const facts = factsOf(files, textBytesOf(options));
  const meta = manifest.simulation.meta;
  const text = placeholderText(manifest);
  return plan.parts.map((part) => {
    const size = Math.round(part.size);
    return {
      bytes: placeholderBytes(size, text),
      // Empty: the engine takes the type from the output's name.
      type: manifest.simulation.outputType ?? '',
      meta:
        meta &&
        Object.fromEntries(
          Object.entries(meta).map(([k, e]) => [k, metaValue(e, options, { ...facts, inputBytes: part.inputSize, outputBytes: size })]),
        ),
    };
  });
}
