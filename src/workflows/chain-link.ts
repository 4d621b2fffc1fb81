/**
 * A chain the visitor built, as plain data: carried in a link's fragment
 * (/workflows/new#chain=<base64url of JSON>), so sharing needs no server and
 * the chain never reaches one, and kept by name in localStorage. Passwords
 * are never written: a password field becomes a field the chain asks for.
 */
import type { OptionValues, ToolManifest } from '../../schemas/manifest';

export interface ChainData {
  steps: { tool: string; options: OptionValues; ask?: string[] }[];
}

export interface SavedChain extends ChainData {
  name: string;
}

const HASH_KEY = 'chain';
const STORAGE_KEY = 'filedesk-saved-workflows';

/** A step as it may be shared: its values without passwords, which it asks for instead. */
export function shareableStep(manifest: ToolManifest, options: OptionValues, ask: readonly string[] = []): ChainData['steps'][number] {
  // An image (a watermark's logo) is asked for like a password: its bytes would not fit a link or the saved list.
  const secret = manifest.options.filter((f) => (f.type === 'text' && f.password) || f.type === 'image').map((f) => f.name);
  const kept = Object.fromEntries(
    manifest.options.filter((f) => !secret.includes(f.name) && options[f.name] !== undefined).map((f) => [f.name, options[f.name]]),
  );
  const asked = [...new Set([...ask, ...secret])];
  return asked.length ? { tool: manifest.slug, options: kept, ask: asked } : { tool: manifest.slug, options: kept };
}

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(code: string): string {
  const base64 = code.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The fragment of a link that carries the chain, without "#". */
export function chainHash(chain: ChainData): string {
  return `${HASH_KEY}=${toBase64Url(JSON.stringify({ steps: chain.steps }))}`;
}

/**
 * The chain a link's fragment carries: null when it carries none, 'unreadable' when the text is not
 * a chain's encoding; anything else is checked against the tools by the caller.
 */
export function readChainHash(hash: string): unknown | null | 'unreadable' {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get(HASH_KEY);
  if (code === null) return null;
  try {
    return JSON.parse(fromBase64Url(code)) as unknown;
  } catch {
    return 'unreadable';
  }
}

/** The shape validateWorkflow checks: a chain's steps with the identity a workflow file would have. */
export function asWorkflow(chain: unknown): unknown {
  const steps = (chain as { steps?: unknown } | null)?.steps;
  return { slug: 'my-workflow', title: 'My workflow', description: 'A chain of tools.', icon: 'Workflow', features: ['', '', '', ''], steps };
}

/** validateWorkflow's errors begin with the workflow's name; the visitor's chain has none worth showing. */
export function chainError(error: string): string {
  return error.replace(/^Workflow "my-workflow", /, '');
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** The chains saved in this browser, by name; anything unreadable is left out. */
export function savedChains(): SavedChain[] {
  try {
    const list = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(list) ? list.filter((c): c is SavedChain => typeof c?.name === 'string' && Array.isArray(c?.steps)) : [];
  } catch {
    return [];
  }
}

function writeSaved(list: SavedChain[]): SavedChain[] {
  storage()?.setItem(STORAGE_KEY, JSON.stringify(list));
  return list;
}

/** Saves a chain under its name, replacing one of the same name. */
export function saveChain(chain: SavedChain): SavedChain[] {
  const others = savedChains().filter((c) => c.name !== chain.name);
  return writeSaved([...others, chain].sort((a, b) => a.name.localeCompare(b.name)));
}

export function deleteChain(name: string): SavedChain[] {
  return writeSaved(savedChains().filter((c) => c.name !== name));
}
