import { explanationAt, UNKNOWN_STATUS } from '@cng/shared';
import { describe, expect, it } from 'vitest';
import {
  cappedQueueWeights,
  type ModelReport,
  reportWeight,
  STATUS_MODEL,
  summarizeStatus,
  weightedMedian,
} from './status-model';

const NOW = Date.parse('2026-09-01T12:00:00Z');
const MIN = 60_000;
let nextId = 1;

/** A driver report `ageMin` minutes old, from its own device unless one is given. */
function driver(
  status: ModelReport['status'],
  ageMin: number,
  extra: Partial<ModelReport> = {},
): ModelReport {
  const id = nextId++;
  return {
    id,
    status,
    queueMin: null,
    createdAtMs: NOW - ageMin * MIN,
    deviceId: `device-${id}`,
    networkHash: null,
    withPosition: true,
    official: false,
    validUntilMs: null,
    ...extra,
  };
}

function official(
  status: ModelReport['status'],
  ageMin: number,
  validForMin: number,
  queueMin: number | null = null,
) {
  return driver(status, ageMin, {
    official: true,
    deviceId: 'operator',
    queueMin,
    validUntilMs: NOW - ageMin * MIN + validForMin * MIN,
  });
}

describe('report weight', () => {
  it('halves every half-life and drops to zero past the horizon', () => {
    expect(reportWeight(0, true)).toBe(1);
    expect(reportWeight(STATUS_MODEL.halfLifeMin, true)).toBeCloseTo(0.5);
    expect(reportWeight(2 * STATUS_MODEL.halfLifeMin, true)).toBeCloseTo(0.25);
    expect(reportWeight(STATUS_MODEL.maxAgeMin + 1, true)).toBe(0);
  });

  it('gives a report without a position half the weight', () => {
    expect(reportWeight(10, false)).toBeCloseTo(reportWeight(10, true) / 2);
  });

  it('has no cliff: a report at 10 min 59 s and one at 11 min weigh almost the same', () => {
    expect(reportWeight(10 + 59 / 60, true) / reportWeight(11, true)).toBeLessThan(1.001);
  });
});

describe('weighted median', () => {
  it('ignores one outlier among three', () => {
    const items = [10, 12, 300].map((value) => ({ value, weight: 1 }));
    expect(weightedMedian(items)).toBe(12);
  });
  it('follows the weight, not the count', () => {
    expect(
      weightedMedian([
        { value: 5, weight: 3 },
        { value: 40, weight: 1 },
        { value: 45, weight: 1 },
      ]),
    ).toBe(5);
  });
  it('takes the lower value on an exact tie and is null without weight', () => {
    expect(
      weightedMedian([
        { value: 30, weight: 1 },
        { value: 10, weight: 1 },
      ]),
    ).toBe(10);
    expect(weightedMedian([])).toBeNull();
  });
});

describe('summarizeStatus', () => {
  it('is unknown with no reports or only reports past the horizon', () => {
    expect(summarizeStatus([], NOW)).toEqual(UNKNOWN_STATUS);
    expect(summarizeStatus([driver('available', STATUS_MODEL.maxAgeMin + 5)], NOW)).toEqual(UNKNOWN_STATUS);
  });

  it('explains agreeing fresh reports: "3 drivers, latest 8 min ago", high confidence', () => {
    const s = summarizeStatus([driver('no_gas', 8), driver('no_gas', 12), driver('no_gas', 20)], NOW);
    expect(s).toMatchObject({ status: 'no_gas', confidence: 'high', reportCount: 3, official: false });
    expect(s.why).toEqual({ kind: 'drivers', drivers: 3, latestAt: new Date(NOW - 8 * MIN).toISOString() });
    expect(s.explanation).toBe('3 drivers, latest 8 min ago');
    expect(s.latestReportAt).toBe(new Date(NOW - 8 * MIN).toISOString());
  });

  it('never gives one report high confidence; one old or position-less report is low', () => {
    expect(summarizeStatus([driver('available', 1)], NOW).confidence).toBe('medium');
    expect(summarizeStatus([driver('available', 1, { withPosition: false })], NOW).confidence).toBe('low');
    expect(summarizeStatus([driver('available', 70)], NOW).confidence).toBe('low');
    expect(summarizeStatus([driver('available', 70)], NOW).explanation).toBe('1 driver, 1 h 10 min ago');
  });

  it('still shows a 90-minute-old report at night (the 60-minute-bucket peer shows nothing)', () => {
    const s = summarizeStatus([driver('closed', 90)], NOW);
    expect(s.status).toBe('closed');
    expect(s.confidence).toBe('low');
  });

  it('lets a fresh report outweigh older ones that say otherwise', () => {
    const s = summarizeStatus([driver('no_gas', 2), driver('available', 100), driver('available', 120)], NOW);
    expect(s.status).toBe('no_gas');
    expect(s.confidence).not.toBe('mixed');
  });

  it('keeps three fresh agreeing reports high despite one 55-minute-old dissenter (peer: mixed)', () => {
    const s = summarizeStatus(
      [driver('available', 1), driver('available', 3), driver('available', 5), driver('no_gas', 55)],
      NOW,
    );
    expect(s).toMatchObject({ status: 'available', confidence: 'high', reportCount: 4 });
  });

  it('flags fresh disagreement as mixed and says who says what', () => {
    const s = summarizeStatus([driver('available', 4), driver('available', 6), driver('no_gas', 5)], NOW);
    expect(s.status).toBe('available');
    expect(s.confidence).toBe('mixed');
    expect(s.why).toEqual({
      kind: 'disagree',
      votes: [
        { status: 'available', drivers: 2 },
        { status: 'no_gas', drivers: 1 },
      ],
      latestAt: new Date(NOW - 4 * MIN).toISOString(),
    });
    expect(s.explanation).toBe('Drivers disagree: 2 say available, 1 says no gas; latest 4 min ago');
  });

  it('counts only the latest report of each device', () => {
    const device = { deviceId: 'same-phone' };
    const s = summarizeStatus(
      [
        driver('no_gas', 40, device),
        driver('no_gas', 25, device),
        driver('no_gas', 12, device),
        driver('available', 11),
      ],
      NOW,
    );
    expect(s.reportCount).toBe(2);
    expect(s.confidence).toBe('mixed');
  });

  it('counts one voice per network: cookie-less reports from one address count once, the latest', () => {
    const network = { networkHash: 'net-a', withPosition: true };
    const flood = [1, 2, 3, 4, 5].map((age) => driver('closed', age, network));
    const s = summarizeStatus([driver('available', 6), ...flood], NOW);
    // Before: 6 drivers, "closed", high. Now: one honest driver and one network that disagree.
    expect(s).toMatchObject({ reportCount: 2, confidence: 'mixed' });
    expect(s.explanation).toBe('Drivers disagree: 1 says closed, 1 says available; latest 1 min ago');
    // The network's latest report is its voice, whichever device sent it.
    const changed = summarizeStatus([...flood, driver('available', 0.5, network)], NOW);
    expect(changed).toMatchObject({ status: 'available', reportCount: 1 });
  });

  it('keeps one voice per device before grouping by network (a phone that changed networks)', () => {
    const phone = { deviceId: 'phone' };
    const s = summarizeStatus(
      [
        driver('closed', 20, { ...phone, networkHash: 'wifi' }),
        driver('available', 5, { ...phone, networkHash: 'mobile' }),
        driver('available', 8, { networkHash: 'wifi' }),
      ],
      NOW,
    );
    // The phone's old wifi report is gone; the other wifi device keeps its own voice.
    expect(s).toMatchObject({ status: 'available', reportCount: 2 });
  });

  it('does not let one fresh queue outlier with a position win over two older position-less reports', () => {
    // The audit case: weights 1.0 (fresh, position) against 0.5 x decay twice: alone it held > half.
    const reports = [
      driver('available', 30, { withPosition: false, queueMin: 10 }),
      driver('available', 25, { withPosition: false, queueMin: 12 }),
      driver('available', 1, { queueMin: 300 }),
    ];
    expect(summarizeStatus(reports, NOW).queueMin).toBe(12);
  });

  it('still follows the fresher of two queue reports, and a fresh majority over old values', () => {
    const two = [driver('available', 90, { queueMin: 5 }), driver('available', 2, { queueMin: 40 })];
    expect(summarizeStatus(two, NOW).queueMin).toBe(40);
    const five = [
      driver('available', 1, { queueMin: 10 }),
      driver('available', 2, { queueMin: 11 }),
      driver('available', 150, { queueMin: 60 }),
      driver('available', 160, { queueMin: 61 }),
      driver('available', 170, { queueMin: 62 }),
    ];
    expect(summarizeStatus(five, NOW).queueMin).toBe(11);
  });

  it('caps a queue weight at the sum of the others only from three reports on', () => {
    expect(cappedQueueWeights([{ weight: 1 }, { weight: 0.2 }]).map((i) => i.weight)).toEqual([1, 0.2]);
    const capped = cappedQueueWeights([{ weight: 1 }, { weight: 0.3 }, { weight: 0.3 }]).map((i) => i.weight);
    expect(capped[0]).toBeCloseTo(0.6);
    expect(capped.slice(1)).toEqual([0.3, 0.3]);
  });

  it('sends the explanation as a template with the time its age counts from', () => {
    const s = summarizeStatus([driver('no_gas', 8), driver('no_gas', 12)], NOW);
    expect(s.explanationTemplate).toBe('2 drivers, latest {ago}');
    expect(s.agoFrom).toBe(new Date(NOW - 8 * MIN).toISOString());
    expect(explanationAt(s, NOW + 30 * MIN)).toBe('2 drivers, latest 38 min ago');
    const off = summarizeStatus([driver('available', 1), official('closed', 5, 60)], NOW);
    expect(off.explanationTemplate).toBe('Official: operator update {ago}; 1 driver since disagree');
    expect(off.agoFrom).toBe(new Date(NOW - 5 * MIN).toISOString());
  });

  it('has a plain 0.75 edge for "mixed": a pure function of reports and clock, no memory', () => {
    // 3 agreeing fresh reports against one: share 0.75 exactly is not mixed; a little less is.
    const agree = [driver('available', 0), driver('available', 0), driver('available', 0)];
    expect(summarizeStatus([...agree, driver('no_gas', 0)], NOW).confidence).toBe('medium');
    expect(summarizeStatus([...agree.slice(0, 2), driver('no_gas', 0)], NOW).confidence).toBe('mixed');
  });

  it('estimates the queue robustly to one outlier and hides it when there is no gas', () => {
    const reports = [
      driver('available', 2, { queueMin: 10 }),
      driver('available', 4, { queueMin: 15 }),
      driver('available', 6, { queueMin: 300 }),
    ];
    expect(summarizeStatus(reports, NOW).queueMin).toBe(15);
    const dry = [driver('no_gas', 1, { queueMin: 60 }), driver('no_gas', 2, { queueMin: 90 })];
    expect(summarizeStatus(dry, NOW).queueMin).toBeNull();
  });

  it('lets an official status outrank fresh drivers for its lifetime, then hands back', () => {
    const reports = [driver('available', 1), driver('available', 2), official('closed', 30, 60)];
    const during = summarizeStatus(reports, NOW);
    expect(during).toMatchObject({ status: 'closed', confidence: 'high', official: true, reportCount: 3 });
    expect(during.why).toEqual({
      kind: 'official',
      at: new Date(NOW - 30 * MIN).toISOString(),
      dissentingDrivers: 2,
    });
    expect(during.explanation).toBe('Official: operator update 30 min ago; 2 drivers since disagree');
    const after = summarizeStatus(reports, NOW + 31 * MIN);
    expect(after).toMatchObject({ status: 'available', official: false });
  });

  it('uses the official queue when given, else the drivers’ estimate', () => {
    expect(summarizeStatus([official('available', 5, 60, 25)], NOW)).toMatchObject({
      queueMin: 25,
      explanation: 'Official: operator update 5 min ago',
    });
    const withDrivers = [official('available', 5, 60), driver('available', 1, { queueMin: 40 })];
    expect(summarizeStatus(withDrivers, NOW).queueMin).toBe(40);
  });

  it('uses the newest official status when several are valid', () => {
    const s = summarizeStatus([official('closed', 50, 600), official('available', 10, 600)], NOW);
    expect(s.status).toBe('available');
  });
});
