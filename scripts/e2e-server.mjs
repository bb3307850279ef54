// Starts the built server for the browser tests on a fresh SQLite file (E2E_PORT, default 8181).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const server = path.join(root, 'apps/api/dist/server.js');
// WEB_DIST lets parallel runs test their own web build (vite build --outDir …) without clobbering apps/web/dist.
const webDist = process.env.WEB_DIST ?? path.join(root, 'apps/web/dist');
if (!fs.existsSync(server) || !fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error(`e2e: the app is not built (${server}, ${webDist}). Run \`npm run build\` first.`);
  process.exit(1);
}
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cng-e2e-'));
const child = spawn(process.execPath, [server], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: process.env.E2E_PORT ?? '8181',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SQLITE_PATH: path.join(dir, 'e2e.sqlite'),
    DATABASE_URL: '',
    WEB_DIST: webDist,
    // Browser tests of driver agreement stand in three networks with X-Forwarded-For (ADR 0014), as a proxy on
    // this machine would send it.
    TRUST_PROXY: 'loopback',
    // The moderation screen's browser test signs in with this token (a test value, never a real secret).
    ADMIN_TOKEN: process.env.E2E_ADMIN_TOKEN ?? 'e2e-admin-token-0123456789',
  },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
