import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the server printed so far (stdout and stderr). */
  output: () => string;
}

/**
 * Spawns the real API server of the apps/api folder `cwd` (this one by default) on a SQLite file, without
 * the web app or the start-up import and with the API rate limit out of the way: from its TypeScript under
 * tsx, or with `built` the bundle `npm start` runs (dist/server.js, made by `tsup`). Tests and benches wait
 * for it each in their own way.
 */
export function spawnApiServer(opts: {
  cwd?: string;
  built?: boolean;
  port: number;
  sqlitePath: string;
  logLevel?: string;
  env?: Record<string, string>;
  stdio: StdioOptions;
}): ChildProcess {
  const entry = opts.built ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  return spawn(process.execPath, entry, {
    cwd: opts.cwd ?? apiDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: opts.logLevel ?? 'warn',
      DATABASE_URL: '',
      SQLITE_PATH: opts.sqlitePath,
      WEB_DIST: '/nonexistent-web-dist',
      AUTO_IMPORT: 'false',
      API_RATE_LIMIT_PER_MIN: '100000',
      ...opts.env,
    },
    stdio: opts.stdio,
  });
}

/**
 * Starts the real API server as its own process (spawnApiServer) and waits until /api/health answers.
 * Crash tests kill it with SIGKILL and start it again on the same file.
 */
export async function startServerProcess(opts: {
  port: number;
  sqlitePath: string;
  built?: boolean;
  logLevel?: string;
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const child = spawnApiServer({ ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited during start-up:\n${out}`);
    try {
      if ((await fetch(`http://127.0.0.1:${opts.port}/api/health`)).ok) return { child, output: () => out };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${out}`);
}

/** Resolves once the process has exited (at once if it already has). */
export const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve() : child.once('exit', () => resolve()),
  );

/**
 * A TCP port free on loopback now, for a server a test starts (and restarts on the same port). Chosen by the
 * system rather than fixed, so test files running in parallel, or two checkouts on one machine, never collide.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
