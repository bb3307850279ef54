import { describe, expect, it } from 'vitest';
import { agreeingAdditions, enoughVoices, independentVoices, type Voice } from './agreement';

const NOW = Date.parse('2026-11-24T06:00:00Z');
const DAY = 86_400_000;
let id = 0;
const voice = (deviceId: string, networkHash: string | null, metresNorth = 0, daysAgo = 0): Voice => ({
  id: ++id,
  deviceId,
  networkHash,
  createdAtMs: NOW - daysAgo * DAY,
  lon: 72.8468,
  lat: 19.1197 + metresNorth / 111_195,
});

describe('when drivers agree on a new station', () => {
  it('needs three devices on three networks', () => {
    expect(enoughVoices([voice('a', 'n1'), voice('b', 'n2'), voice('c', 'n3')])).toBe(true);
    // Three devices behind one network (one office, one carrier NAT) are one voice.
    expect(enoughVoices([voice('a', 'n1'), voice('b', 'n1'), voice('c', 'n1')])).toBe(false);
    // One device on three networks (a phone moving between Wi-Fi and mobile data) is one voice.
    expect(enoughVoices([voice('a', 'n1'), voice('a', 'n2'), voice('a', 'n3')])).toBe(false);
    expect(enoughVoices([voice('a', 'n1'), voice('b', 'n2'), voice('c', null)])).toBe(false);
    // One phone on three networks plus two phones behind a fourth: two independent drivers, not three.
    expect(
      enoughVoices([
        voice('a', 'n1'),
        voice('a', 'n2'),
        voice('a', 'n3'),
        voice('b', 'n4'),
        voice('c', 'n4'),
      ]),
    ).toBe(false);
    expect(independentVoices([voice('a', 'n1'), voice('a', 'n2'), voice('b', 'n1'), voice('c', 'n2')])).toBe(
      2,
    );
    // The matching finds the assignment that works: a on n2 lets b take n1.
    expect(independentVoices([voice('a', 'n1'), voice('a', 'n2'), voice('b', 'n1'), voice('c', 'n3')])).toBe(
      3,
    );
  });

  it('counts only proposals within 150 m of each other and 30 days', () => {
    const anchor = voice('a', 'n1');
    const near = [anchor, voice('b', 'n2', 140), voice('c', 'n3', 100, 29)];
    expect(agreeingAdditions(anchor, near, NOW)?.map((v) => v.deviceId)).toEqual(['a', 'b', 'c']);
    const tooFar = [anchor, voice('b', 'n2', 160), voice('c', 'n3', 100)];
    expect(agreeingAdditions(anchor, tooFar, NOW)).toBeNull();
    const tooOld = [anchor, voice('b', 'n2', 10), voice('c', 'n3', 10, 31)];
    expect(agreeingAdditions(anchor, tooOld, NOW)).toBeNull();
  });
});
