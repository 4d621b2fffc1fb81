/**
 * The input of a processor that works on one file. The run core refuses a
 * run of a tool that takes files with the manifest's own "no file" message
 * before any processor starts (src/core/run-files.ts), so a processor never
 * repeats that message; an empty list reaching one is a host's mistake, said
 * plainly to the developer rather than to the visitor.
 */
export function firstInput<T>(inputs: readonly T[]): T {
  const [input] = inputs;
  if (input === undefined) throw new Error('No input');
  return input;
}
