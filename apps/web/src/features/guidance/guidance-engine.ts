import {
  type AnnouncerState,
  type GuidancePanel,
  INITIAL_ANNOUNCER,
  snapshotOf,
  step,
  waiting,
} from './announcer';
import { sentence } from './sentences';
import { getSpeaker, type Speaker } from './speech';

/** How often a held sentence or a settling station is looked at again without a new GPS fix, ms. */
const TICK_MS = 1000;

export interface Guidance {
  /** The panel's state now (every render of the finder; unchanged states say nothing). */
  update(panel: GuidancePanel | null): void;
  /** Stops speaking and forgets the drive (guidance turned off). */
  stop(): void;
}

/**
 * Spoken guidance for one stretch of "on" (ADR 0018): runs the announcer over the panel's states and speaks
 * its sentences. Loaded only once the driver turns guidance on. While the device has no voice for the page's
 * language (and the driver chose none) it stays silent; once a voice is there it starts over with the station
 * the panel shows.
 */
export function createGuidance(speaker: Speaker = getSpeaker(), now: () => number = Date.now): Guidance {
  let state: AnnouncerState = INITIAL_ANNOUNCER;
  let panel: GuidancePanel | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let voiced = speaker.choice() !== null;

  const run = () => {
    clearTimeout(timer);
    timer = undefined;
    const result = step(state, snapshotOf(panel), now());
    state = result.state;
    if (result.say) speaker.say(sentence(result.say));
    if (waiting(state)) timer = setTimeout(run, TICK_MS);
  };
  const unsubscribe = speaker.subscribe(() => {
    const has = speaker.choice() !== null;
    if (has === voiced) return;
    voiced = has;
    // A voice arrived (listed late, or chosen by the driver): say where the station is, from the start.
    if (has) {
      state = INITIAL_ANNOUNCER;
      run();
    }
  });

  return {
    update(next) {
      panel = next;
      run();
    },
    stop() {
      clearTimeout(timer);
      unsubscribe();
      speaker.cancel();
    },
  };
}
