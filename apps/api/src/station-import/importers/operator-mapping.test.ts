import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMapping, loadMapping, shippedMappings } from './operator-mapping';

const HPOIL = loadMapping('hpoil');
/** The shipped HPOIL mapping with one part replaced, to see what the check says about it. */
const withChange = (change: (m: Record<string, unknown>) => void) => {
  const m = structuredClone(HPOIL) as unknown as Record<string, unknown>;
  change(m);
  return m;
};
const messageOf = (value: unknown) => {
  try {
    checkMapping(value, 'test.json');
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};

describe('operator mapping files', () => {
  it('ships a valid mapping for each operator list the importers read', () => {
    expect(shippedMappings()).toEqual(['gail', 'hpoil', 'mgl', 'mgl-scrape-osm', 'mngl']);
    for (const name of shippedMappings()) expect(() => loadMapping(name)).not.toThrow();
  });

  it('refuses a mapping without a licence, naming the field', () => {
    const message = messageOf(withChange((m) => delete m.licence));
    expect(message).toMatch(/^test\.json is not a valid operator mapping:/);
    expect(message).toMatch(/licence/);
  });

  it('refuses an unknown format, naming the list it is in', () => {
    expect(messageOf(withChange((m) => ((m.lists as { format: string }[])[0]!.format = 'xml')))).toMatch(
      /\/lists\/0\/format/,
    );
  });

  it('refuses a CSV list that does not say where latitude and longitude are', () => {
    const message = messageOf(
      withChange((m) => delete (m.lists as { fields: { lat?: string } }[])[0]!.fields.lat),
    );
    expect(message).toContain('/lists/0/fields: a csv list needs "lat" and "lon"');
  });

  it('refuses a misspelt field, a bad coordinate quality and a locator that is not a web page', () => {
    const message = messageOf(
      withChange((m) => {
        (m.lists as { fields: Record<string, string> }[])[0]!.fields.adress = 'address';
        (m.coordinates as { quality: string }).quality = 'exact';
        m.locatorUrl = 'javascript:alert(1)';
      }),
    );
    expect(message).toMatch(/\/lists\/0\/fields/);
    expect(message).toMatch(/\/coordinates\/quality/);
    expect(message).toMatch(/\/locatorUrl/);
  });

  it('refuses a filter that says neither equals nor notEquals, and an html table without coordinates', () => {
    const message = messageOf(
      withChange((m) => {
        const lists = m.lists as Record<string, unknown>[];
        lists[0]!.filter = { field: 'area' };
        delete lists[1]!.coordinatesPattern;
      }),
    );
    expect(message).toContain('/lists/0/filter: give exactly one of "equals" and "notEquals"');
    expect(message).toContain('/lists/1: an html-table list needs "columns" and "coordinatesPattern"');
  });

  it('names the mappings there are when asked for one that is not shipped', () => {
    expect(() => loadMapping('igl')).toThrow(/No operator mapping "igl": use one of gail, hpoil, mgl/);
  });

  it('names the file of a mapping that is not JSON', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cng-mapping-')), 'broken.json');
    fs.writeFileSync(file, '{ "source": ');
    expect(() => loadMapping(file)).toThrow(`The operator mapping ${file} is not valid JSON`);
  });
});
