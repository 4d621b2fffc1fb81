/** pica ships no types; the resampler declares the part it uses in resample.ts. */
declare module 'pica' {
  const pica: unknown;
  export default pica;
}
