import { type ServerProcess, startServerProcess } from '../../src/test-support/server-process';

/**
 * startServerProcess, tried up to three times: on a machine shared with other work a start can miss its 30 s,
 * or its first PostgreSQL connection its 1.5 s limit, and then exits; the benches measure what comes after.
 */
export async function startServerPatiently(
  opts: Parameters<typeof startServerProcess>[0],
): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerProcess(opts);
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
}
