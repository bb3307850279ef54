import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const API = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The folders whose files are named in logs, stack traces and reviews of the API (ADR 0015). */
const FOLDERS = ['src', 'bench', '../../packages/shared/src'].map((f) => path.resolve(API, f));

/** Every TypeScript file under `dir`, but index.ts (a package's entry) and declaration files. */
function tsFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && path.basename(f) !== 'index.ts')
    .map((f) => path.join(dir, f));
}

/** Names that more than one of `files` carries, each with the files that carry it. */
function repeatedNames(files: readonly string[]): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = path.basename(file);
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return new Map([...byName].filter(([, carriers]) => carriers.length > 1));
}

describe('one file name per meaning', () => {
  it('finds a name two folders share', () => {
    const repeated = repeatedNames(['src/geo/along-route.ts', 'src/stations/along-route.ts', 'src/a.ts']);
    expect([...repeated.keys()]).toEqual(['along-route.ts']);
  });

  it('no two files of the API, its tests and benches, and the shared package share a name', () => {
    const files = FOLDERS.flatMap(tsFiles);
    expect(files.length).toBeGreaterThan(200);
    const repeated = Object.fromEntries(
      [...repeatedNames(files)].map(([name, carriers]) => [name, carriers.map((f) => path.relative(API, f))]),
    );
    expect(repeated).toEqual({});
  });
});
