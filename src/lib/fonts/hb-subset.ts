/**
 * Font subsetting with HarfBuzz's hb-subset (the standalone
 * `harfbuzz-subset.wasm` of harfbuzzjs, which needs no imports). The module
 * is compiled once (served by the site; read from node_modules in Node) and
 * one instance is reused; an instance that traps is thrown away and the next
 * call makes a fresh one. `subsetFont` is synchronous once `loadHbSubset` has
 * resolved, so callers that cannot wait (the compressor's font pass) use it
 * after loading it up front.
 */
import wasmUrl from 'harfbuzzjs/dist/harfbuzz-subset.wasm?url';
import { wasmModule } from '../image/wasm';

const PACKAGE_PATH = 'harfbuzzjs/dist/harfbuzz-subset.wasm';

/** hb_subset_flags_t (hb-subset.h). */
export const HB_FLAGS = {
  noHinting: 0x1,
  retainGids: 0x2,
  desubroutinize: 0x4,
  passthroughUnrecognized: 0x20,
  notdefOutline: 0x40,
  glyphNames: 0x80,
  noPruneUnicodeRanges: 0x100,
  noLayoutClosure: 0x200,
} as const;

/** hb_subset_sets_t. */
const SETS = { noSubsetTable: 2, dropTable: 3 } as const;

interface HbExports {
  memory: WebAssembly.Memory;
  _initialize?: () => void;
  malloc(size: number): number;
  free(ptr: number): void;
  hb_blob_create(data: number, length: number, mode: number, user: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_length(blob: number): number;
  hb_blob_get_data(blob: number, length: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, value: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_input_glyph_set(input: number): number;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_set(input: number, which: number): number;
  hb_subset_input_set_flags(input: number, flags: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

let compiled: Promise<WebAssembly.Module> | undefined;
let module: WebAssembly.Module | undefined;
let instance: HbExports | undefined;

/** Compiles hb-subset once; later calls return at once. A failed load is forgotten so the next call tries again. */
export function loadHbSubset(): Promise<void> {
  if (!compiled) {
    compiled = wasmModule(wasmUrl, PACKAGE_PATH);
    compiled.catch(() => (compiled = undefined));
  }
  return compiled.then((found) => {
    module = found;
  });
}

/** True once hb-subset is loaded and subsetFont can run. */
export function hbSubsetReady(): boolean {
  return module !== undefined;
}

function exportsOf(): HbExports | undefined {
  if (!module) return undefined;
  if (!instance) {
    const created = new WebAssembly.Instance(module, {}).exports as unknown as HbExports;
    created._initialize?.();
    instance = created;
  }
  return instance;
}

const tagValue = (tag: string) => ((tag.charCodeAt(0) << 24) | (tag.charCodeAt(1) << 16) | (tag.charCodeAt(2) << 8) | tag.charCodeAt(3)) >>> 0;

export interface SubsetRequest {
  /** Glyph ids to keep (glyph 0 is always kept). */
  glyphs: Iterable<number>;
  /** Characters to keep, with their cmap entries and glyphs. */
  unicodes?: Iterable<number>;
  /** HB_FLAGS values or-ed together. */
  flags: number;
  /** Tables left out of the result. */
  dropTables?: Iterable<string>;
  /** Tables copied as they are. */
  keepTables?: Iterable<string>;
}

/**
 * The subset font (an sfnt: TrueType or OpenType), or null when hb-subset is
 * not loaded, refuses the font or fails. Never throws.
 */
export function subsetFont(font: Uint8Array, request: SubsetRequest): Uint8Array | null {
  const hb = exportsOf();
  if (!hb || font.length === 0) return null;
  const cleanups: (() => void)[] = [];
  try {
    const data = hb.malloc(font.length);
    if (!data) return null;
    cleanups.push(() => hb.free(data));
    new Uint8Array(hb.memory.buffer).set(font, data);
    // Mode 1, read-only: the bytes are freed after the face is gone.
    const blob = hb.hb_blob_create(data, font.length, 1, 0, 0);
    const face = hb.hb_face_create(blob, 0);
    hb.hb_blob_destroy(blob);
    cleanups.push(() => hb.hb_face_destroy(face));
    const input = hb.hb_subset_input_create_or_fail();
    if (!input) return null;
    cleanups.push(() => hb.hb_subset_input_destroy(input));
    const glyphSet = hb.hb_subset_input_glyph_set(input);
    hb.hb_set_add(glyphSet, 0);
    for (const gid of request.glyphs) hb.hb_set_add(glyphSet, gid);
    const unicodeSet = hb.hb_subset_input_unicode_set(input);
    for (const code of request.unicodes ?? []) hb.hb_set_add(unicodeSet, code);
    const drop = hb.hb_subset_input_set(input, SETS.dropTable);
    for (const tag of request.dropTables ?? []) hb.hb_set_add(drop, tagValue(tag));
    const keep = hb.hb_subset_input_set(input, SETS.noSubsetTable);
    for (const tag of request.keepTables ?? []) hb.hb_set_add(keep, tagValue(tag));
    hb.hb_subset_input_set_flags(input, request.flags);
    const result = hb.hb_subset_or_fail(face, input);
    if (!result) return null;
    cleanups.push(() => hb.hb_face_destroy(result));
    const out = hb.hb_face_reference_blob(result);
    cleanups.push(() => hb.hb_blob_destroy(out));
    const length = hb.hb_blob_get_length(out);
    const lengthPtr = hb.malloc(4);
    cleanups.push(() => hb.free(lengthPtr));
    const start = hb.hb_blob_get_data(out, lengthPtr);
    if (!start || length === 0) return null;
    return new Uint8Array(hb.memory.buffer).slice(start, start + length);
  } catch {
    // A trap leaves the instance in an unknown state: the next call starts a fresh one.
    instance = undefined;
    return null;
  } finally {
    if (instance === hb) {
      for (const cleanup of cleanups.reverse()) {
        try {
          cleanup();
        } catch {
          instance = undefined;
          break;
        }
      }
    }
  }
}
