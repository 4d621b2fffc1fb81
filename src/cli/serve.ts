/**
 * `filedesk serve`: the built site over HTTP with node:http, as a host should
 * serve it (README, "Pre-rendered pages, SEO and security headers"): clean
 * URLs (/tools/merge-pdf is tools/merge-pdf.html), 404.html with status 404
 * for unknown paths, a year's immutable caching for the content-hashed files
 * under /assets/, revalidation (ETag) for everything else, gzip for text and
 * WebAssembly, and the security headers on every response, the
 * Content-Security-Policy with frame-ancestors 'none' included, with the
 * cross-origin isolation headers (ISOLATION_HEADERS of src/lib/threads.ts), so
 * the WebAssembly engines can run their threaded builds.
 */
import { createReadStream, existsSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { createGzip } from 'node:zlib';
import { ISOLATION_HEADERS } from '../lib/threads';
import { UsageError } from './args';

/** The security headers every response carries: the README's block for hosts that set headers. */
export const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; connect-src 'self'; img-src 'self' data: blob:; font-src 'self' data:; media-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
};

/** Every header each response carries: the security headers and cross-origin isolation (public/_headers holds the same). */
export const RESPONSE_HEADERS: Readonly<Record<string, string>> = { ...SECURITY_HEADERS, ...ISOLATION_HEADERS };

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.pdf': 'application/pdf',
  '.csv': 'text/csv; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.map', '.txt', '.xml', '.svg', '.wasm', '.bcmap', '.pfb', '.ttf', '.csv']);

export interface ServeOptions {
  root: string;
  port: number;
  host: string;
}

async function fileAt(path: string): Promise<Stats | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch {
    return null;
  }
}

/** The file a URL path is served from, clean URLs included, or null. */
async function resolveFile(root: string, urlPath: string): Promise<{ path: string; info: Stats } | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const relativePath = normalize(decoded).replace(/^([/\\])+/, '');
  const base = resolve(root, relativePath);
  if (base !== root && !base.startsWith(root + sep)) return null;
  const candidates = decoded.endsWith('/') ? [join(base, 'index.html'), `${base.replace(/[/\\]+$/, '')}.html`] : [base, `${base}.html`, join(base, 'index.html')];
  for (const candidate of candidates) {
    const info = await fileAt(candidate);
    if (info) return { path: candidate, info };
  }
  return null;
}

function send(request: IncomingMessage, response: ServerResponse, path: string, info: Stats, status: number, cache: string): void {
  const ext = extname(path).toLowerCase();
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  response.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  response.setHeader('Cache-Control', cache);
  response.setHeader('ETag', etag);
  response.setHeader('Last-Modified', info.mtime.toUTCString());
  if (status === 200 && request.headers['if-none-match'] === etag) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const gzip = COMPRESSIBLE.has(ext) && info.size > 1024 && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  response.setHeader('Vary', 'Accept-Encoding');
  response.statusCode = status;
  if (gzip) response.setHeader('Content-Encoding', 'gzip');
  else response.setHeader('Content-Length', info.size);
  if (request.method === 'HEAD') {
    response.end();
    return;
  }
  const stream = createReadStream(path);
  stream.on('error', () => response.destroy());
  if (gzip) stream.pipe(createGzip()).pipe(response);
  else stream.pipe(response);
}

/** A server for the site in `root` (not yet listening). */
export function createSiteServer(root: string): Server {
  const absolute = resolve(root);
  return createServer((request, response) => {
    for (const [name, value] of Object.entries(RESPONSE_HEADERS)) response.setHeader(name, value);
    void (async () => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.statusCode = 405;
        response.setHeader('Allow', 'GET, HEAD');
        response.end();
        return;
      }
      const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
      const found = await resolveFile(absolute, urlPath);
      if (found) {
        // Vite names everything under /assets/ by its content, so a changed file has a new name.
        const cache = urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE;
        return send(request, response, found.path, found.info, 200, cache);
      }
      const notFound = join(absolute, '404.html');
      const info = await fileAt(notFound);
      if (info) return send(request, response, notFound, info, 404, REVALIDATE);
      response.statusCode = 404;
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      response.end('Not found');
    })().catch(() => {
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
  });
}

/** Where the site is looked for when no folder is given: built beside the command (a source checkout), else ./dist. */
export function defaultSiteRoots(bundleDir: string): string[] {
  return [resolve(bundleDir, '..', 'dist'), resolve('dist')];
}

/** The folder served by default: the first of defaultSiteRoots holding a built site, else ./dist. */
export function defaultSiteRoot(bundleDir: string): string {
  return defaultSiteRoots(bundleDir).find((root) => existsSync(join(root, 'index.html'))) ?? resolve('dist');
}

const HOW_TO_BUILD = 'Build it from FileDesk\'s source with `npm run build` and pass the folder: filedesk serve --dir <dist>';

export function parseServeArgs(args: readonly string[], bundleDir: string): ServeOptions {
  let port = 4173;
  let host = '127.0.0.1';
  let root: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value.`);
      return v;
    };
    if (flag === '--port') {
      port = Number(value());
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError('--port takes a port number from 0 to 65535 (0: any free port).');
    } else if (flag === '--host') host = value();
    else if (flag === '--dir') root = resolve(value());
    // Accepted everywhere on the command line; serve has nothing more to say.
    else if (flag === '--verbose') continue;
    else if (!flag.startsWith('-') && root === undefined) root = resolve(flag);
    else throw new UsageError(`Unknown flag ${flag} for serve. It takes --port, --host and --dir (see: filedesk serve --help).`);
  }
  if (root === undefined) {
    const found = defaultSiteRoot(bundleDir);
    // A packed install carries only the command: the site (engines and models, some 170 MB) is built from the source.
    if (!existsSync(join(found, 'index.html')))
      throw new UsageError(`This install of filedesk has no built site (none in ${defaultSiteRoots(bundleDir).join(' or ')}). ${HOW_TO_BUILD}.`);
    return { root: found, port, host };
  }
  if (!existsSync(join(root, 'index.html'))) throw new UsageError(`There is no built site in ${root} (no index.html). ${HOW_TO_BUILD}.`);
  return { root, port, host };
}

export async function serve(options: ServeOptions): Promise<Server> {
  const server = createSiteServer(options.root);
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolveListen());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
  process.stdout.write(`Serving ${options.root} at http://${shownHost}:${port}/\n`);
  return server;
}
