import type { Station } from '@cng/shared';

/** What a write is, as the crash count tells them apart: a confirmation is a driver agreeing with others. */
export type WriteKind = 'report' | 'proposal' | 'problem' | 'confirmation' | 'contact';

/** One write a simulated driver sends, with everything needed to send it again and to find it stored. */
export interface PlannedWrite {
  n: number;
  kind: WriteKind;
  /** The table the write lands in, and the text that marks its row there (a note or a message). */
  table: 'station_reports' | 'station_proposals' | 'contact_messages';
  marker: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string;
  /** The driver's address (X-Forwarded-For behind TRUST_PROXY=1): a new network per write. */
  forwardedFor: string;
  /** For a confirmation, what it agrees about: a proposed site or a station reported closed. */
  agreesOn?: { kind: 'add'; site: number } | { kind: 'closed'; stationId: string };
  /** Sent twice at once, as a client whose first attempt timed out while it was still on its way. */
  sentTwice: boolean;
}

/** Drivers whose agreement puts a station on the map or takes one off it (PROPOSAL_LIMITS.agreeDevices). */
export const AGREEING_DRIVERS = 3;

/**
 * The writes of one crash run, `count` of them in the order the drivers send them: reports on `reportStations`,
 * proposals of new stations at sites 1 km north of them, problem reports, contact messages, and confirmations:
 * the second and third driver proposing the same site, or reporting the same station of `closableStations`
 * closed. Every write has its own key, device (no cookie) and network, so only the idempotency key can make
 * two of them one.
 */
export function planWrites(opts: {
  tag: string;
  count: number;
  rand: () => number;
  reportStations: Station[];
  closableStations: Station[];
}): PlannedWrite[] {
  const { tag, rand } = opts;
  const writes: PlannedWrite[] = [];
  const open: { agreesOn: NonNullable<PlannedWrite['agreesOn']>; voices: number }[] = [];
  let sites = 0;
  let closable = 0;
  for (let n = 0; n < opts.count; n++) {
    const marker = `crash ${tag} write ${n}`;
    const base = {
      n,
      marker,
      idempotencyKey: `${tag}-${n}`,
      forwardedFor: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      sentTwice: rand() < 0.1,
    };
    const roll = rand();
    const pending = open.findIndex((o) => o.voices < AGREEING_DRIVERS);
    if (roll < 0.25 && pending >= 0) {
      const o = open[pending]!;
      o.voices++;
      writes.push({
        ...base,
        kind: 'confirmation',
        ...agreeingWrite(o.agreesOn, marker, opts.reportStations),
      });
      if (o.voices >= AGREEING_DRIVERS) open.splice(pending, 1);
    } else if (roll < 0.45) {
      const station = opts.reportStations[Math.floor(rand() * opts.reportStations.length)]!;
      writes.push({
        ...base,
        kind: 'report',
        table: 'station_reports',
        path: `/api/stations/${station.id}/reports`,
        body:
          rand() < 0.7
            ? { status: 'available', note: marker }
            : { status: 'low_pressure', queueMin: 15, note: marker },
      });
    } else if (roll < 0.65) {
      const site = sites++;
      open.push({ agreesOn: { kind: 'add', site }, voices: 1 });
      writes.push({
        ...base,
        kind: 'proposal',
        ...agreeingWrite({ kind: 'add', site }, marker, opts.reportStations),
      });
    } else if (roll < 0.8 && closable < opts.closableStations.length) {
      const station = opts.closableStations[closable++]!;
      open.push({ agreesOn: { kind: 'closed', stationId: station.id }, voices: 1 });
      writes.push({
        ...base,
        kind: 'problem',
        ...agreeingWrite({ kind: 'closed', stationId: station.id }, marker, opts.reportStations),
      });
    } else {
      writes.push({
        ...base,
        kind: 'contact',
        table: 'contact_messages',
        path: '/api/contact',
        body: { name: `Driver ${n}`, email: `driver${n}@example.com`, message: marker },
      });
    }
  }
  return writes;
}

/**
 * A proposal of site `site` (north of a report station: 1 km, then 2 km further for each round of the stations;
 * a few metres apart per driver) or a closure.
 */
function agreeingWrite(
  agreesOn: NonNullable<PlannedWrite['agreesOn']>,
  marker: string,
  stations: Station[],
): Pick<PlannedWrite, 'table' | 'path' | 'body' | 'agreesOn'> {
  if (agreesOn.kind === 'closed')
    return {
      table: 'station_proposals',
      path: `/api/stations/${agreesOn.stationId}/problems`,
      body: { reason: 'closed', note: marker },
      agreesOn,
    };
  const at = stations[agreesOn.site % stations.length]!;
  const northM = 1000 + 2000 * Math.floor(agreesOn.site / stations.length) + (marker.length % 7) * 5;
  return {
    table: 'station_proposals',
    path: '/api/station-proposals',
    body: {
      position: { lon: at.lon, lat: at.lat + northM / 111_195 },
      name: `Crash test pump ${agreesOn.site}`,
      note: marker,
    },
    agreesOn,
  };
}
