import { describe, expect, it } from 'vitest';
import { rejectionCsv, rejectionLine } from './rejection-report';

describe('rejection report', () => {
  it('writes one CSV line per rejected row, quoting commas, quotes and line breaks', () => {
    const csv = rejectionCsv([
      {
        where: 'a.json#1',
        source: 'india-open:mngl',
        sourceId: 't1',
        reason: 'non-numeric-coordinates',
        detail: 'latitude "abc"',
      },
      {
        where: 'a.json#2',
        source: 'india-open:mngl',
        sourceId: null,
        reason: 'outside-country',
        detail: 'claims IN, coordinates are in PK',
      },
      { where: 'b.csv#3', source: 'csv:acme', sourceId: 'x', reason: 'empty-name', detail: 'line\nbreak' },
      { where: 'b.csv#4', source: 'csv:acme', sourceId: 'y', reason: 'null-island' },
    ]);
    expect(csv).toBe(
      [
        'where,source,source_id,reason,detail',
        'a.json#1,india-open:mngl,t1,non-numeric-coordinates,"latitude ""abc"""',
        'a.json#2,india-open:mngl,,outside-country,"claims IN, coordinates are in PK"',
        'b.csv#3,csv:acme,x,empty-name,"line\nbreak"',
        'b.csv#4,csv:acme,y,null-island,',
        '',
      ].join('\n'),
    );
  });

  it('keeps a spreadsheet from running open-data text as a formula', () => {
    const csv = rejectionCsv([
      {
        where: 'c.csv#1',
        source: 'csv:x',
        sourceId: '=HYPERLINK("http://evil")',
        reason: 'empty-name',
        detail: '@SUM(A1)',
      },
    ]);
    expect(csv.split('\n')[1]).toBe(`c.csv#1,csv:x,"'=HYPERLINK(""http://evil"")",empty-name,'@SUM(A1)`);
  });

  it('neutralises a formula behind a leading tab or carriage return too', () => {
    const csv = rejectionCsv([
      { where: 'd.csv#1', source: 'csv:x', sourceId: '\t=1+1', reason: 'empty-name', detail: '\r+SUM(A1)' },
    ]);
    expect(csv.split('\n')[1]).toBe(`d.csv#1,csv:x,'\t=1+1,empty-name,"'\r+SUM(A1)"`);
  });

  it('says where, why and what in one terminal line', () => {
    expect(
      rejectionLine({
        where: 'a.json#5',
        source: 's',
        sourceId: null,
        reason: 'outside-country',
        detail: 'claims IN, coordinates are in PK',
      }),
    ).toBe('a.json#5  outside-country  claims IN, coordinates are in PK');
    expect(rejectionLine({ where: 'a.json#2', source: 's', sourceId: null, reason: 'null-island' })).toBe(
      'a.json#2  null-island',
    );
  });
});
