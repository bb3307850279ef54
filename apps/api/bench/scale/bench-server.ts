import { spawnApiServer } from '../../src/test-support/server-process';

/**
 * Starts the real server of the apps/api folder `cwd` on the SQLite file `sqlitePath` (the bundle `npm start`
 * runs with `built`, else its TypeScript under tsx, as the tests run it), and waits until a nearest query at `probe` answers with at least one station (with
 * `expectStations`), or at all (without). `readyMs` is the time from spawn to that answer.
 */
export async function startBenchServer(opts: {
  cwd: string;
  sqlitePath: string;
  port: number;
  probe: [number, number];
  expectStations: boolean;
  built?: boolean;
  env?: Record<string, string>;
  timeoutMs?: number;
}) {
  const started = performance.now();
  const child = spawnApiServer({ ...opts, stdio: ['ignore', 'inherit', 'inherit'] });
  const url = `http://127.0.0.1:${opts.port}`;
  const [lon, lat] = opts.probe;
  const nearest = `${url}/api/stations/nearest?lat=${lat}&lon=${lon}&radiusKm=5&limit=1`;
  const timeoutMs = opts.timeoutMs ?? 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server not ready within ${timeoutMs / 1000} s`);
    }
    try {
      const res = await fetch(nearest);
      if (res.ok) {
        const body = (await res.json()) as { count: number };
        if (!opts.expectStations || body.count > 0) break;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    child,
    url,
    readyMs: performance.now() - started,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
    },
  };
}
