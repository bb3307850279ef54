import type { TripResponse } from '@cng/shared/client';
import type { LonLat } from '../../components/map/lat-lng';
import { persistedStore } from '../../lib/persisted-store';

/** Where the driver is going, as they picked it. */
export interface Destination extends LonLat {
  name: string;
}

export interface PlannedTrip {
  /** Where the trip starts: the driver's position when they planned it. */
  from: LonLat;
  to: Destination;
  /** The last answer for it: the route and its stations, kept for a reload and for offline use. */
  answer: TripResponse | null;
  /** When that answer came, ms since the epoch. */
  answeredAtMs: number | null;
}

interface TripState {
  trip: PlannedTrip | null;
}

const isPoint = (p: unknown): p is LonLat =>
  !!p &&
  typeof (p as LonLat).lon === 'number' &&
  typeof (p as LonLat).lat === 'number' &&
  Number.isFinite((p as LonLat).lon) &&
  Number.isFinite((p as LonLat).lat);

/** A stored trip, or null for anything it cannot read (another version, damaged storage). */
export function parseTrip(stored: unknown): TripState {
  const trip = (stored as { trip?: PlannedTrip } | null)?.trip;
  if (!trip || !isPoint(trip.from) || !isPoint(trip.to) || typeof trip.to.name !== 'string')
    return { trip: null };
  const answer = trip.answer && Array.isArray(trip.answer.stations) ? trip.answer : null;
  return {
    trip: {
      from: trip.from,
      to: trip.to,
      answer,
      answeredAtMs: answer && typeof trip.answeredAtMs === 'number' ? trip.answeredAtMs : null,
    },
  };
}

/** The one trip the driver planned, on this device: it survives a reload and is there offline. */
export const tripStore = persistedStore<TripState>(
  { name: 'cng.trip.v1', storage: 'local', version: 1, parse: parseTrip },
  () => ({ trip: null }),
);

/** A new trip from `from` to `to`; its answer follows (tripAnswered). */
export const planTrip = (from: LonLat, to: Destination) =>
  tripStore.setState({ trip: { from, to, answer: null, answeredAtMs: null } });

/** The server's answer for the trip planned, kept with it. */
export const tripAnswered = (answer: TripResponse) =>
  tripStore.setState((s) => (s.trip ? { trip: { ...s.trip, answer, answeredAtMs: Date.now() } } : s));

export const clearTrip = () => tripStore.setState({ trip: null });
