import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { installClockedGps, nextFix } from './clocked-gps';
import {
  type ApiStation,
  bruteForceNearest,
  haversineKm,
  lerp,
  type Pt,
  stationsInBox,
  waitForStations,
} from './finder-helpers';

/**
 * Spoken guidance (ADR 0018). These machines' Chromium has no voices, so a recording stand-in for
 * speechSynthesis (installed before the page's scripts) lists the voices we choose, late as Chrome does, and
 * records every utterance: its text, language and voice. A simulated drive towards a real Delhi station checks
 * what would be spoken.
 */

const DELHI_BOX = [76.9, 28.4, 77.5, 28.85] as const;
const SPEED_KMH = 72;
const START_KM = 1.1;

interface Utterance {
  text: string;
  lang: string;
  voice: string | null;
  atMs: number;
}

interface TestVoice {
  name: string;
  lang: string;
}

/** Replaces window.speechSynthesis and SpeechSynthesisUtterance by a recorder with `voices`. */
async function installSpeech(page: Page, voices: TestVoice[]) {
  await page.addInitScript((voices: TestVoice[]) => {
    const list = voices.map((v) => ({
      name: v.name,
      lang: v.lang,
      voiceURI: `test:${v.name}`,
      default: false,
      localService: true,
    }));
    const spoken: Utterance[] = [];
    (window as unknown as { __spoken: Utterance[] }).__spoken = spoken;
    const listeners = new Set<(e: Event) => void>();
    let listed = false;
    const synth = {
      speaking: false,
      pending: false,
      paused: false,
      onvoiceschanged: null as ((e: Event) => void) | null,
      getVoices: () => (listed ? list.slice() : []),
      speak(u: {
        text: string;
        lang: string;
        voice: { name: string } | null;
        onstart: ((e: Event) => void) | null;
        onend: ((e: Event) => void) | null;
      }) {
        spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.name ?? null, atMs: Date.now() });
        synth.speaking = true;
        setTimeout(() => u.onstart?.(new Event('start')), 0);
        setTimeout(() => {
          synth.speaking = false;
          u.onend?.(new Event('end'));
        }, 1500);
      },
      cancel() {
        synth.speaking = false;
      },
      pause() {},
      resume() {},
      addEventListener(type: string, listener: (e: Event) => void) {
        if (type === 'voiceschanged') listeners.add(listener);
      },
      removeEventListener(_type: string, listener: (e: Event) => void) {
        listeners.delete(listener);
      },
    };
    // Chrome lists its voices a moment after the page asks: getVoices() is empty until voiceschanged.
    setTimeout(() => {
      listed = true;
      for (const l of listeners) l(new Event('voiceschanged'));
      synth.onvoiceschanged?.(new Event('voiceschanged'));
    }, 300);
    class Utterance {
      lang = '';
      voice: unknown = null;
      rate = 1;
      pitch = 1;
      volume = 1;
      onstart = null;
      onend = null;
      onerror = null;
      constructor(public text: string) {}
      addEventListener() {}
    }
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      value: Utterance,
      configurable: true,
      writable: true,
    });
  }, voices);
}

const spoken = (page: Page) =>
  page.evaluate(() => (window as unknown as { __spoken: Utterance[] }).__spoken.slice());

/** A real Delhi station with no other within 3 km, and a straight drive to it from START_KM east of it. */
async function isolatedStation(request: Parameters<typeof waitForStations>[0]) {
  await waitForStations(request);
  const box = await stationsInBox(request, ...DELHI_BOX);
  const sorted = [...box].sort((a, b) => a.id.localeCompare(b.id));
  const A = sorted.find((s) => {
    const others = box.filter((o) => o.id !== s.id);
    return others.length > 0 && haversineKm(s, bruteForceNearest(others, s)) > 3;
  });
  expect(A, 'a Delhi station with no other within 3 km').toBeDefined();
  const station = A as ApiStation & { displayName?: string | null };
  // 1.1 km east: 0.0112° of longitude at 28.6° N is about 1.1 km.
  const start: Pt = {
    lon: station.lon + START_KM / (111.32 * Math.cos((station.lat * Math.PI) / 180)),
    lat: station.lat,
  };
  return { station, name: (station.displayName || station.name).trim(), start };
}

/**
 * Drives from `start` towards `to` at SPEED_KMH, one fix a second, until `stopKm` from it; `each` runs after
 * every fix with the distance left.
 */
async function drive(
  page: Page,
  context: BrowserContext,
  start: Pt,
  to: Pt,
  stopKm: number,
  each: (leftKm: number, step: number) => Promise<boolean | undefined>,
) {
  const routeKm = haversineKm(start, to) - stopKm;
  for (let step = 1; ; step++) {
    // A fix a second of the page's clock (clocked-gps.ts), which also flows while the page answers.
    const km = ((step * 1000) / 3_600_000) * SPEED_KMH;
    if (km > routeKm) break;
    const p = lerp(start, to, km / haversineKm(start, to));
    await nextFix(page, context, 1000, p);
    if ((await each(haversineKm(p, to), step)) === false) break;
  }
}

/** Loads `path` standing at `start`, and waits until the panel shows `stationId`. */
async function open(page: Page, context: BrowserContext, path: string, start: Pt, stationId: string) {
  await installClockedGps(page);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: start.lat, longitude: start.lon, accuracy: 5 });
  await page.goto(path);
  await expect(page.getByTestId('hud')).toHaveAttribute('data-station-id', stationId, { timeout: 30_000 });
}

/** The number of km in "1.2 किलोमीटर" / "940 metres". */
function spokenKm(text: string): number {
  const m = text.match(/([\d.,]+)\s*(किलोमीटर|मीटर|kilometres?|metres?)/);
  if (!m) throw new Error(`no distance in "${text}"`);
  const n = Number(m[1]!.replace(/,/g, ''));
  return /किलोमीटर|kilometre/.test(m[2]!) ? n : n / 1000;
}

test.describe('spoken guidance', () => {
  test.setTimeout(180_000);

  test('in Hindi: the start sentence with the station and its distance, then 500 m and 100 m once each, never English @desktop', async ({
    page,
    context,
    request,
  }) => {
    const { station, name, start } = await isolatedStation(request);
    await installSpeech(page, [
      { name: 'Test English', lang: 'en-US' },
      { name: 'Test Hindi', lang: 'hi-IN' },
    ]);
    const voiceChunks: string[] = [];
    page.on('request', (r) => {
      if (/guidance-engine|voice-settings/.test(r.url())) voiceChunks.push(r.url());
    });
    await open(page, context, '/hi/App', start, station.id);
    // The name as the page shows it: a company-only pump's name ("IGL · 3.9 km W of Dāsna") reads in Hindi.
    const shown = (
      (await page.getByTestId('hud-station-name').locator('[translate="no"]').textContent()) ?? ''
    ).trim();
    expect(shown).toContain(name.split(' · ')[0]!);
    const toggle = page.getByTestId('voice-toggle');
    // Off until the driver turns it on, and its code not loaded.
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toHaveAccessibleName('आवाज़ में जानकारी');

    let turnedOnAt = 0;
    let hudKmAtStart = 0;
    await drive(page, context, start, station, 0.04, async (_leftKm, step) => {
      // Turn guidance on once the car is moving with a known course (ADR 0008: from the 8th fix).
      if (step === 8) {
        await expect(page.getByTestId('hud-heading-source')).toHaveAttribute('data-source', 'course');
        expect(voiceChunks).toEqual([]);
        await toggle.check();
        turnedOnAt = Date.now();
        await expect(page.getByTestId('voice-status')).toHaveText('आवाज़: Test Hindi');
        await expect.poll(async () => (await spoken(page)).length).toBe(1);
        hudKmAtStart = Number(await page.getByTestId('hud-distance').getAttribute('data-distance-km'));
      }
      return undefined;
    });
    expect(turnedOnAt).toBeGreaterThan(0);
    expect(voiceChunks.length).toBeGreaterThan(0);

    const said = await spoken(page);
    const texts = said.map((u) => u.text);
    expect(
      said.every((u) => u.lang === 'hi-IN' && u.voice === 'Test Hindi'),
      JSON.stringify(said),
    ).toBe(true);
    expect(texts).toHaveLength(3);
    const [first, at500, at100] = texts as [string, string, string];
    expect(first.startsWith(`सबसे नज़दीकी CNG पंप, ${shown}, `), first).toBe(true);
    expect(first).toMatch(/ (मीटर|किलोमीटर) आगे$/);
    expect(Math.abs(spokenKm(first) - hudKmAtStart)).toBeLessThan(0.06);
    expect(at500).toBe(`${shown} पास आ रहा है, 500 मीटर आगे`);
    expect(at100).toBe(`${shown} पास आ रहा है, 100 मीटर आगे`);
    // Nothing in English: no Latin letters besides the station's name and "CNG".
    for (const text of texts) expect(text.replace(shown, '').replace('CNG', '')).not.toMatch(/[A-Za-z]/);
    // Remembered: on after a reload.
    await page.reload();
    await expect(page.getByTestId('voice-toggle')).toBeChecked();
  });

  test('in Hindi without a Hindi voice: the settings say so and nothing is spoken until the driver picks a voice @desktop', async ({
    page,
    context,
    request,
  }) => {
    const { station, start } = await isolatedStation(request);
    await installSpeech(page, [{ name: 'Test English', lang: 'en-US' }]);
    await open(page, context, '/hi/App', start, station.id);
    await page.getByTestId('voice-toggle').check();
    const status = page.getByTestId('voice-status');
    await expect(status).toHaveText('इस डिवाइस पर हिन्दी की आवाज़ नहीं है');
    const select = page.getByTestId('voice-fallback');
    await expect(select).toHaveValue('');
    await expect(select.locator('option').first()).toHaveText('चुप रहें');
    await expect(page.getByTestId('voice-test')).toBeDisabled();
    // Silence, not English, through three seconds of the guidance's timers (open() installs the page's clock).
    await page.clock.runFor(3000);
    expect(await spoken(page)).toEqual([]);
    // The driver picks the English voice: guidance starts with the station the panel shows, still in Hindi.
    await select.selectOption({ label: 'Test English (en-US)' });
    await expect.poll(async () => (await spoken(page)).length).toBe(1);
    const [first] = await spoken(page);
    expect(first!.voice).toBe('Test English');
    expect(first!.text.startsWith('सबसे नज़दीकी CNG पंप, ')).toBe(true);
    await expect(page.getByTestId('voice-test')).toBeEnabled();
  });

  test('in English: "Nearest CNG station, <name>, <distance> ahead" @desktop', async ({
    page,
    context,
    request,
  }) => {
    const { station, name, start } = await isolatedStation(request);
    await installSpeech(page, [
      { name: 'Test Hindi', lang: 'hi-IN' },
      { name: 'Test English', lang: 'en-US' },
    ]);
    await open(page, context, '/App', start, station.id);
    await drive(page, context, start, station, 0.6, async (_leftKm, step) => {
      if (step < 8) return undefined;
      await expect(page.getByTestId('hud-heading-source')).toHaveAttribute('data-source', 'course');
      await page.getByTestId('voice-toggle').check();
      await expect(page.getByTestId('voice-toggle')).toHaveAccessibleName('Spoken guidance');
      await expect.poll(async () => (await spoken(page)).length).toBe(1);
      return false;
    });
    const [first] = await spoken(page);
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(first!.text).toMatch(
      new RegExp(`^Nearest CNG station, ${escaped}, [\\d.]+ (metres|kilometres?) ahead$`),
    );
    expect(first!.lang).toBe('en-US');
    expect(first!.voice).toBe('Test English');
  });
});
