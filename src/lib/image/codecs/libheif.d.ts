/** The part of libheif-js (LGPL-3.0) that the HEIC codec uses. */
declare module 'libheif-js/libheif-wasm/libheif-bundle.mjs' {
  export interface HeifImage {
    get_width(): number;
    get_height(): number;
    is_primary(): boolean;
    display(target: { data: Uint8ClampedArray; width: number; height: number }, done: (result: unknown) => void): void;
    free?(): void;
  }
  export interface LibHeif {
    HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[] };
  }
  const factory: (options?: object) => Promise<LibHeif>;
  export default factory;
}
