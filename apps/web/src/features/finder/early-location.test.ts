import { afterEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's geolocation (no GPS in the test runner): records watches and their stops. */
function fakeGeolocation() {
  const active = new Set<number>();
  let next = 1;
  const geolocation = {
    watchPosition: vi.fn(() => {
      const id = next++;
      active.add(id);
      return id;
    }),
    clearWatch: vi.fn((id: number) => active.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  return { geolocation, active };
}

async function loadWithGrantedLocation() {
  vi.resetModules();
  const fake = fakeGeolocation();
  vi.stubGlobal('navigator', {
    geolocation: fake.geolocation,
    permissions: { query: async () => ({ state: 'granted' }) },
  });
  vi.stubGlobal('isSecureContext', true);
  const mod = await import('./early-location');
  mod.startEarlyLocation();
  await vi.waitFor(() => expect(fake.geolocation.watchPosition).toHaveBeenCalledTimes(1));
  return { mod, fake };
}

describe('early location watch', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('stops a watch the finder never took over, so GPS does not stay on after leaving /App', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { mod, fake } = await loadWithGrantedLocation();
    expect(fake.active.size).toBe(1);
    vi.advanceTimersByTime(mod.EARLY_WATCH_UNCLAIMED_MS + 1);
    expect(fake.active.size).toBe(0);
    expect(mod.takeEarlyWatch()).toBeNull();
  });

  it('keeps the watch the finder adopted, past the grace period, until the finder stops it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { mod, fake } = await loadWithGrantedLocation();
    const taken = mod.takeEarlyWatch();
    expect(taken).not.toBeNull();
    const stop = taken!.adopt(
      () => {},
      () => {},
    );
    vi.advanceTimersByTime(mod.EARLY_WATCH_UNCLAIMED_MS * 2);
    expect(fake.active.size).toBe(1);
    stop();
    expect(fake.active.size).toBe(0);
  });
});

describe('isAppPath', () => {
  it('knows /App in every language, and nothing else', async () => {
    const { isAppPath } = await import('./early-location');
    for (const path of ['/App', '/app/', '/hi/App', '/ta/App/', '/it/App'])
      expect(isAppPath(path), path).toBe(true);
    for (const path of ['/', '/hi/', '/about', '/hi/about', '/App/more', '/hiApp', '/hi/it/App'])
      expect(isAppPath(path), path).toBe(false);
  });
});
