import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { callerDir, resolveInputs, resolveSource } from './resolve-inputs';

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

  it("passes an operator list's live input through and resolves a mapping file against the caller folder", () => {
    expect(resolveInputs('operator:igl', ['live', 'list.csv'], '/d')).toEqual(['live', '/d/list.csv']);
    expect(resolveInputs('mgl', ['live'], '/d')).toEqual(['live']);
    expect(resolveSource('operator:maps/igl.json', '/work/main')).toBe('operator:/work/main/maps/igl.json');
    expect(resolveSource('operator:igl', '/work/main')).toBe('operator:igl');
    expect(resolveSource('csv', '/work/main')).toBe('csv');
  });

  it('takes the caller folder from INIT_CWD (set by npm), else the current folder', () => {
    expect(callerDir({ INIT_CWD: '/work/main' })).toBe('/work/main');
    expect(callerDir({})).toBe(process.cwd());
  });
});
