// `npm run bench [-- <name>…]`: the API benches, all of them or those whose file name contains a <name>
// (apps/api/bench/run-all.ts); then, when no name is given or one is part of `finder`, the build and the web
// bench. npm appends the names to the script's last command, so they are handed on here, to the API first.
import { spawnSync } from 'node:child_process';

const names = process.argv.slice(2);

/** Runs one npm step; stops with its exit code when it fails. */
function step(args) {
  const res = spawnSync('npm', args, { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

step(['run', 'bench', '-w', '@cng/api', ...(names.length ? ['--', ...names] : [])]);
if (names.length === 0 || names.some((n) => 'finder'.includes(n))) {
  step(['run', 'build']);
  step(['run', 'bench', '-w', '@cng/web']);
}
