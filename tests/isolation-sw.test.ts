/**
 * public/isolation-sw.js, the part of the service worker that isolates pages on
 * hosts that send no headers: run in a sandbox standing in for the worker's
 * global scope, it adds exactly ISOLATION_HEADERS (src/lib/threads.ts) to every
 * same-origin response handed to respondWith, keeps the status, the body and the
 * other headers, and leaves other origins' and error responses as they are.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ISOLATION_HEADERS } from '../src/lib/threads';

const ORIGIN = 'https://filedesk.example';
const source = readFileSync(new URL('../public/isolation-sw.js', import.meta.url), 'utf8');

/** A FetchEvent stand-in whose respondWith keeps what it was given. */
class FakeFetchEvent {
  given: Promise<Response> | Response | undefined;
  constructor(readonly request: Request) {}
  respondWith(response: Promise<Response> | Response): void {
    this.given = response;
  }
}

/** The FetchEvent class after the script has run in a worker-like scope. */
function loadWorkerPart(): typeof FakeFetchEvent {
  class Event extends FakeFetchEvent {}
  const self = { location: new URL(`${ORIGIN}/sw.js`) };
  runInNewContext(source, { self, FetchEvent: Event, Headers, Response, URL, Promise, Object, Set });
  return Event;
}

async function answer(url: string, response: Response | Promise<Response>): Promise<Response> {
  const Event = loadWorkerPart();
  const event = new Event(new Request(url));
  event.respondWith(response);
  return await event.given!;
}

describe('public/isolation-sw.js', () => {
  it('adds COOP and COEP to a same-origin page, keeping status, body and headers', async () => {
    const page = new Response('<h1>Merge PDF</h1>', {
      status: 200,
      statusText: 'OK',
      headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': "default-src 'self'", ETag: 'W/"1"' },
    });
    const out = await answer(`${ORIGIN}/tools/merge-pdf`, Promise.resolve(page));
    for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(out.headers.get(name), name).toBe(value);
    expect(out.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(out.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(out.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(out.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(out.headers.get('etag')).toBe('W/"1"');
    expect(out.status).toBe(200);
    expect(await out.text()).toBe('<h1>Merge PDF</h1>');
    // Exactly ISOLATION_HEADERS are added, nothing else.
    const added = [...out.headers.keys()].filter((name) => !['content-type', 'content-security-policy', 'etag'].includes(name));
    expect(added.sort()).toEqual(Object.keys(ISOLATION_HEADERS).map((name) => name.toLowerCase()).sort());
  });

  it('isolates WebAssembly, partial and body-less responses alike', async () => {
    const wasm = await answer(`${ORIGIN}/engines/core.wasm`, new Response(new Uint8Array([0, 97, 115, 109]), { headers: { 'Content-Type': 'application/wasm' } }));
    expect(wasm.headers.get('cross-origin-embedder-policy')).toBe('require-corp');
    expect(wasm.headers.get('content-type')).toBe('application/wasm');
    expect(new Uint8Array(await wasm.arrayBuffer())).toEqual(new Uint8Array([0, 97, 115, 109]));
    const partial = await answer(`${ORIGIN}/samples/a.mp4`, new Response('abc', { status: 206, headers: { 'Content-Range': 'bytes 0-2/10' } }));
    expect([partial.status, partial.headers.get('content-range'), partial.headers.get('cross-origin-opener-policy')]).toEqual([206, 'bytes 0-2/10', 'same-origin']);
    const empty = await answer(`${ORIGIN}/x`, new Response(null, { status: 204 }));
    expect([empty.status, empty.headers.get('cross-origin-embedder-policy')]).toEqual([204, 'require-corp']);
    const redirect = await answer(`${ORIGIN}/share-target`, Response.redirect(`${ORIGIN}/tools/merge-pdf?shared=2`, 303));
    expect([redirect.status, redirect.headers.get('location'), redirect.headers.get('cross-origin-opener-policy')]).toEqual([
      303,
      `${ORIGIN}/tools/merge-pdf?shared=2`,
      'same-origin',
    ]);
  });

  it('leaves other origins and network errors as they are', async () => {
    const foreign = new Response('x');
    expect(await answer('https://elsewhere.example/a.js', foreign)).toBe(foreign);
    const failed = Response.error();
    expect(await answer(`${ORIGIN}/a.js`, failed)).toBe(failed);
  });
});
