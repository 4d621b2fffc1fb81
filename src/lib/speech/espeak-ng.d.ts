/** The espeak-ng package ships no types: its default export is the Emscripten module factory. */
declare module 'espeak-ng' {
  const factory: (options: Record<string, unknown>) => Promise<unknown>;
  export default factory;
}
