/**
 * The built site for the benchmarks that run in Chromium: a build into its own
 * folder (so a checkout's dist is left alone) and `vite preview` serving it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Builds the site into `dist`, or keeps the build there with `reuse`; false when the build fails. */
export function buildSite(dist: string, reuse = false): boolean {
  if (reuse && existsSync(dist)) {
    console.log(`Using the existing build in ${dist} (--no-build)`);
    return true;
  }
  console.log(`Building the site into ${dist} ...`);
  const started = performance.now();
  // nice: the machine is shared with CI runs.
  const run = spawnSync('nice', ['-n', '10', 'npx', 'vite', 'build'], { cwd: root, env: { ...process.env, DIST_DIR: dist }, encoding: 'utf8' });
  if (run.status !== 0) {
    console.log(`The build failed (exit ${run.status}):\n${`${run.stdout}\n${run.stderr}`.trim().split('\n').slice(-20).join('\n')}`);
    return false;
  }
  console.log(`Built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

export async function startPreview(dist: string, port: number): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${port}`;
  // Its own process group, so stopping it also stops the vite process npx starts.
  const server = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort', '--host', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, DIST_DIR: dist },
    stdio: 'ignore',
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`vite preview exited (${server.exitCode}); is port ${port} taken?`);
    try {
      if ((await fetch(`${origin}/`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  stopPreview(server);
  throw new Error(`vite preview did not answer on ${origin} within 60 s`);
}

export function stopPreview(server: ChildProcess): void {
  if (server.pid && server.exitCode === null) {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
