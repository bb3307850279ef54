import type { NearestStation } from '@cng/shared/client';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadMessages } from '../../i18n/i18n';
import type { Announcement, GuidancePanel } from './announcer';
import { createGuidance } from './guidance-engine';
import { sentence, spokenDistance } from './sentences';
import { Speaker } from './speech';
import { memoryStorage, RecordingSynth, TestUtteranceClass, voice } from './test-synth';

beforeAll(async () => {
  activateLocale('en');
  await loadMessages(['voice'], 'en');
  await loadMessages(['voice'], 'hi');
  await loadMessages(['voice'], 'bn');
  await loadMessages(['voice'], 'it');
});

afterEach(() => {
  activateLocale('en');
  vi.useRealTimers();
});

const start: Announcement = {
  kind: 'start',
  stationId: 's',
  name: 'Sai Auto',
  panelKind: 'nearest',
  distanceKm: 1.2,
  direction: 'aheadRight',
};

describe('the sentences', () => {
  it("say the issue's example in English", () => {
    expect(sentence(start)).toBe('Nearest CNG station, Sai Auto, 1.2 kilometres ahead on the right');
    expect(sentence({ ...start, kind: 'approach', distanceKm: 0.5, direction: 'left' })).toBe(
      'Approaching Sai Auto, 500 metres on your left',
    );
    expect(sentence({ ...start, kind: 'noGas' })).toBe('Sai Auto now reports no gas');
    expect(spokenDistance(1)).toBe('1 kilometre');
    expect(spokenDistance(0.01)).toBe('10 metres');
  });

  it('are in the page language, with its numbers (Hindi, Bengali digits, Italian decimal comma)', () => {
    activateLocale('hi');
    expect(sentence(start)).toBe('सबसे नज़दीकी CNG पंप, Sai Auto, 1.2 किलोमीटर आगे दाईं ओर');
    expect(sentence({ ...start, kind: 'noGas' })).toBe('Sai Auto पर अब गैस नहीं है');
    activateLocale('bn');
    expect(spokenDistance(1.2)).toBe('১.২ কিলোমিটার');
    activateLocale('it');
    expect(sentence(start)).toBe(
      'Distributore di metano più vicino, Sai Auto, a 1,2 chilometri, davanti a destra',
    );
    expect(spokenDistance(1)).toBe('1 chilometro');
  });
});

const station = (distanceKm: number, status = 'available'): NearestStation =>
  ({
    id: 'sai',
    name: 'Sai Auto',
    displayName: 'Sai Auto',
    distanceKm,
    bearingDeg: 40,
    status: { status },
  }) as unknown as NearestStation;

/** The panel while driving north-east at 50 km/h, the station 30° to the right of the course. */
const panel = (km: number, status?: string): GuidancePanel => ({
  station: station(km, status),
  kind: 'nearest',
  heading: { deg: 10, source: 'course' },
  manual: false,
});

/** Drives from 1.2 km to 50 m at 50 km/h, one panel state a second, then stands there for 10 minutes. */
function simulateDrive(update: (p: GuidancePanel) => void, status?: (second: number) => string) {
  let second = 0;
  for (let km = 1.2; km > 0.05; km -= 50 / 3600, second++) {
    update(panel(km, status?.(second)));
    vi.advanceTimersByTime(1000);
  }
  for (let i = 0; i < 600; i++) {
    update(panel(0.05, status?.(second + i)));
    vi.advanceTimersByTime(1000);
  }
}

describe('spoken guidance on a simulated drive (recording speech synthesis)', () => {
  it('says the start, 500 m and 100 m once each, in Hindi with the Hindi voice', () => {
    vi.useFakeTimers();
    activateLocale('hi');
    const synth = new RecordingSynth([voice('en-US', 'Samantha'), voice('hi-IN', 'Lekha')]);
    const guidance = createGuidance(new Speaker(synth, TestUtteranceClass, memoryStorage()));
    simulateDrive(guidance.update);
    expect(synth.spoken).toEqual([
      { text: 'सबसे नज़दीकी CNG पंप, Sai Auto, 1.2 किलोमीटर आगे दाईं ओर', lang: 'hi-IN', voice: 'Lekha' },
      { text: 'Sai Auto पास आ रहा है, 500 मीटर आगे दाईं ओर', lang: 'hi-IN', voice: 'Lekha' },
      { text: 'Sai Auto पास आ रहा है, 100 मीटर आगे दाईं ओर', lang: 'hi-IN', voice: 'Lekha' },
    ]);
    guidance.stop();
  });

  it('says "no gas" when the station reports it during the drive', () => {
    vi.useFakeTimers();
    const synth = new RecordingSynth([voice('en-IN')]);
    const guidance = createGuidance(new Speaker(synth, TestUtteranceClass, memoryStorage()));
    simulateDrive(guidance.update, (s) => (s >= 20 ? 'no_gas' : 'available'));
    expect(synth.spoken.map((s) => s.text)).toEqual([
      'Nearest CNG station, Sai Auto, 1.2 kilometres ahead on the right',
      'Sai Auto now reports no gas',
      'Approaching Sai Auto, 500 metres ahead on the right',
      'Approaching Sai Auto, 100 metres ahead on the right',
    ]);
    guidance.stop();
  });

  it('stays silent without a Hindi voice until the driver picks one, then starts from where the car is', () => {
    vi.useFakeTimers();
    activateLocale('hi');
    const english = voice('en-US', 'Samantha');
    const synth = new RecordingSynth([english]);
    const speaker = new Speaker(synth, TestUtteranceClass, memoryStorage());
    const guidance = createGuidance(speaker);
    for (let i = 0; i < 30; i++) {
      guidance.update(panel(1.2 - i * 0.014));
      vi.advanceTimersByTime(1000);
    }
    expect(synth.spoken).toEqual([]);
    speaker.setFallback(english.voiceURI);
    expect(synth.spoken).toEqual([
      { text: 'सबसे नज़दीकी CNG पंप, Sai Auto, 790 मीटर आगे दाईं ओर', lang: 'en-US', voice: 'Samantha' },
    ]);
    guidance.stop();
  });
});
