import { useSyncExternalStore } from 'react';

/** How often shown ages ("8 min ago") move on; they count whole minutes. */
export const CLOCK_TICK_MS = 60_000;

// One interval for every subscriber, running only while someone shows a time.
let nowMs = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const subscribers = new Set<() => void>();

function subscribe(onTick: () => void): () => void {
  subscribers.add(onTick);
  if (subscribers.size === 1) {
    timer = setInterval(() => {
      nowMs = Date.now();
      for (const fn of subscribers) fn();
    }, CLOCK_TICK_MS);
  }
  return () => {
    subscribers.delete(onTick);
    if (!subscribers.size) clearInterval(timer);
  };
}

// While nobody watches, the clock stands still: the first render of a time reads the real one (the subscription
// comes after that render, and must not find a newer time that renders everything again).
const snapshot = () => {
  if (!subscribers.size) nowMs = Date.now();
  return nowMs;
};

/** The current time in ms since the epoch, re-rendering the component once a minute. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
