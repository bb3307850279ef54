import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callerDir, resolveInputs } from './resolve-inputs';

describe('CLI inputs', () => {
  it('resolves file paths against the folder the command was typed in', () => {
    expect(resolveInputs('india-open', ['../shared/a.json', '/abs/b.json'], '/work/main')).toEqual([
      '/work/shared/a.json',
      '/abs/b.json',
    ]);
  });

  it('passes URLs, live Overpass targets and the AFDC API through unchanged', () => {
    expect(resolveInputs('osm', ['overpass:IN', 'overpass:bbox=7,45,8,46', 'x.json'], '/d')).toEqual([
      'overpass:IN',
      'overpass:bbox=7,45,8,46',
      path.join('/d', 'x.json'),
    ]);
    expect(resolveInputs('afdc', ['api', 'https://example.org/a.csv'], '/d')).toEqual([
      'api',
      'https://example.org/a.csv',
    ]);
    // "api" and "overpass:" only mean live targets for their own importer.
    expect(resolveInputs('csv', ['api', 'overpass:IN'], '/d')).toEqual(['/d/api', '/d/overpass:IN']);
  });

  it('takes the caller folder from INIT_CWD (set by npm), else the current folder', () => {
    expect(callerDir({ INIT_CWD: '/work/main' })).toBe('/work/main');
    expect(callerDir({})).toBe(process.cwd());
  });
});
