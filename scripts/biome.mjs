// Runs Biome's native binary. The registry these machines use serves only Biome's Linux builds, so the
// project depends on those packages directly (optionalDependencies) instead of the @biomejs/biome wrapper,
// whose lock entries for other platforms would make `npm ci` fail (ADR 0001).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const pkg = `@biomejs/cli-${process.platform}-${process.arch}`;
let binary;
try {
  binary = require.resolve(`${pkg}/biome`);
} catch {
  console.error(
    `Biome has no installed binary for ${process.platform}-${process.arch} (${pkg}). Run npm ci.`,
  );
  process.exit(1);
}
const result = spawnSync(binary, process.argv.slice(2), { stdio: 'inherit' });
process.exit(result.status ?? 1);
