import {
  AGO_PLACEHOLDER,
  formatAgo,
  type ReportStatus,
  type StatusSummary,
  type StatusWhy,
  UNKNOWN_STATUS,
} from '@cng/shared';

/**
 * ============================================================================================
 * THE STATUS MODEL — how recent reports become "what is it like at this station now".
 * This comment is the one place the rules are written; ADR 0009 says why the shape was chosen.
 * ============================================================================================
 *
 * A station's status is an inference from what drivers (and sometimes the operator) said recently.
 * It answers: which status is most likely true now, how much to trust it, how long the queue is,
 * and, in words, why.
 *
 * 1. One voice per device, and one voice per network. Only each device's latest report counts (the
 *    API already allows one report per station per device per 10 min); a single phone cannot outvote
 *    a crowd by reporting every 10 minutes. Then, of the devices that reported from one network (a
 *    keyed hash of the IPv4 address or IPv6 /64), only the latest report counts: dropping the cookie
 *    makes a new device, but not a new network, so one person cannot outvote a station by clearing
 *    cookies. Why one voice and not a refusal: drivers behind one carrier NAT (common on mobile
 *    networks) can genuinely stand at the same pump; the API lets a network send a few reports per
 *    station per 10 min, so each of them is heard, and the newest of them speaks for the network.
 *    The cost is that agreement between such drivers counts once: confidence can be lower than it
 *    deserves, never higher. Reports without a network hash (stored before it existed) count per
 *    device only.
 *
 * 2. Weight decays smoothly with age: weight = 0.5 ^ (ageMin / 40). A report is worth 1 when
 *    fresh, 0.5 after 40 min, 0.25 after 80 min, 0.0625 after 160 min. Nothing older than
 *    180 min counts. Why a half-life, not buckets: CNG stations run dry or refill within the
 *    hour, so fresh reports must dominate, but a two-hour-old report is still better than
 *    nothing at night, when few drivers report; and a smooth curve has no cliff where the
 *    status flips because a report crossed a bucket edge.
 *
 * 3. A report without a position weighs half (x 0.5). A report with a position was checked to be
 *    within 500 m of the station (farther ones are refused), so it is likelier to be first-hand.
 *
 * 4. Status = the status with the largest summed weight. Confidence, from the leader's weight W
 *    and its share S of all weight:
 *       S < 0.75              -> mixed    (drivers disagree; the leader is shown, flagged)
 *       W >= 1.5 and S >= 0.8 -> high     (e.g. two fresh reports that agree)
 *       W >= 0.6              -> medium   (e.g. one fresh report with a position)
 *       otherwise             -> low      (one old or position-less report)
 *       no counted report     -> unknown
 *    A single report is never "high": one person can be wrong or joking.
 *    The 0.75 edge is a plain threshold, with no band or hysteresis: hysteresis would need the previous
 *    answer, and the summary must stay a pure function of the reports and the clock so that every
 *    instance (and every recomputation) agrees. Between 0.75 and 0.8 the leader is at best "medium",
 *    so crossing the edge moves between "drivers disagree" and "likely", never to "sure"; and as reports
 *    decay the share drifts smoothly, so it crosses the edge once rather than flickering.
 *
 * 5. Queue = the weighted median of the queues reported by counted `available`/`low_pressure`
 *    reports (ties take the lower value), rounded to whole minutes. A median ignores one wild
 *    value ("300 min" among 10s); a mean would not. But a weighted median obeys any single report
 *    that holds more than half of the weight, and a fresh report with a position easily outweighs
 *    two older ones without: then one wild value would win again. So, with three or more queue
 *    reports, no report's queue weight may exceed the sum of the others' (it is capped to it): one
 *    report alone can at most tie, and a tie takes the lower value, so it takes two reports to move
 *    the estimate. With one or two reports there is nothing to outvote, and the weights stand. No
 *    queue is shown while the status is `no_gas` or `closed`: there is nothing to queue for.
 *
 * 6. An official status (operator or site staff, bearer token) outranks drivers until its
 *    `validUntil`: its status is shown with confidence high and `official: true`. Its queue is
 *    used when given, else the drivers' estimate. Drivers who disagree after the official update
 *    are mentioned in the explanation, so a stale official status is visible as such.
 *
 * 7. The explanation says why, in parts (`why`: the drivers, their votes when they disagree, the operator's
 *    update, and the times their ages count from), which each client words in its reader's language. The
 *    English sentence is still sent, deprecated, for older clients: "3 drivers, latest 8 min ago"; "Drivers disagree:
 *    2 say available, 1 says no gas; latest 4 min ago"; "Official: operator update 5 min ago".
 *    It is also sent as a template ("3 drivers, latest {ago}") with the time the age counts from,
 *    so a page left open counts the age itself instead of showing "just now" for ever.
 *
 * Compared with the strongest open peer (Vishalka1995/CNG-Finder, lib/confidence.ts), which weighs
 * reports 1.0 up to 10 min, 0.5 up to 30, 0.1 up to 60 and 0 after, and calls any disagreement
 * "mixed": (a) its status vanishes 60 min after the last report, ours fades over 3 h; (b) a
 * report at 10 min 59 s is worth twice one at 11 min there, our weights have no edges; (c) one
 * 55-minute-old dissenting report (weight 0.1) turns three fresh agreeing reports "mixed" there,
 * here the fresh majority stays "high"; (d) it has no queue estimate, no official status, no
 * position weighting, no one-voice-per-device or per-network rule and no explanation. Tests in
 * status-model.test.ts pin each of these differences.
 */
export const STATUS_MODEL = {
  halfLifeMin: 40,
  maxAgeMin: 180,
  noPositionFactor: 0.5,
  mixedBelowShare: 0.75,
  highMinWeight: 1.5,
  highMinShare: 0.8,
  mediumMinWeight: 0.6,
} as const;

/** One stored report as the model needs it (times in ms since the epoch). */
export interface ModelReport {
  id: number;
  status: ReportStatus;
  queueMin: number | null;
  createdAtMs: number;
  deviceId: string;
  /** Keyed hash of the reporter's network (rule 1); null when unknown. */
  networkHash: string | null;
  withPosition: boolean;
  official: boolean;
  validUntilMs: number | null;
}

const WORDS: Record<ReportStatus, string> = {
  available: 'available',
  no_gas: 'no gas',
  low_pressure: 'low pressure',
  closed: 'closed',
};

/** Weight of one driver report of the given age in minutes (0 beyond the horizon). */
export function reportWeight(ageMin: number, withPosition: boolean): number {
  if (ageMin > STATUS_MODEL.maxAgeMin) return 0;
  // A report stamped slightly in the future (clock skew between instances) counts as fresh.
  const decay = 0.5 ** (Math.max(0, ageMin) / STATUS_MODEL.halfLifeMin);
  return decay * (withPosition ? 1 : STATUS_MODEL.noPositionFactor);
}

/** Weighted median of values; ties (cumulative weight exactly half) take the lower value. */
export function weightedMedian(items: { value: number; weight: number }[]): number | null {
  const sorted = items.filter((i) => i.weight > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, i) => sum + i.weight, 0);
  if (total === 0) return null;
  let cumulative = 0;
  for (const item of sorted) {
    cumulative += item.weight;
    if (cumulative >= total / 2 - 1e-12) return item.value;
  }
  return sorted[sorted.length - 1]!.value;
}

/** Weights for the queue median (rule 5): with three or more, none may exceed the sum of the others. */
export function cappedQueueWeights<T extends { weight: number }>(items: T[]): T[] {
  if (items.length < 3) return items;
  const total = items.reduce((sum, i) => sum + i.weight, 0);
  return items.map((i) => ({ ...i, weight: Math.min(i.weight, total - i.weight) }));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const hasQueue = (s: ReportStatus | 'unknown') => s === 'available' || s === 'low_pressure';

const newer = (a: ModelReport, b: ModelReport) =>
  a.createdAtMs > b.createdAtMs || (a.createdAtMs === b.createdAtMs && a.id > b.id);

/** The latest report per key (reports whose key is null keep their own voice). */
function latestBy(reports: ModelReport[], key: (r: ModelReport) => string | null): ModelReport[] {
  const latest = new Map<string, ModelReport>();
  const own: ModelReport[] = [];
  for (const r of reports) {
    const k = key(r);
    if (k === null) own.push(r);
    else if (!latest.has(k) || newer(r, latest.get(k)!)) latest.set(k, r);
  }
  return [...latest.values(), ...own];
}

/** The driver reports that still count at `nowMs` (one voice per device, then per network), weighted. */
function countedDriverReports(reports: ModelReport[], nowMs: number) {
  const drivers = reports.filter((r) => !r.official);
  const voices = latestBy(
    latestBy(drivers, (r) => r.deviceId),
    (r) => r.networkHash,
  );
  return voices
    .sort((a, b) => a.createdAtMs - b.createdAtMs || a.id - b.id)
    .map((r) => ({ report: r, weight: reportWeight((nowMs - r.createdAtMs) / 60_000, r.withPosition) }))
    .filter((c) => c.weight > 0);
}

/** Turns a station's recent reports into its status summary at `nowMs` (see the rules above). */
export function summarizeStatus(reports: ModelReport[], nowMs: number): StatusSummary {
  const counted = countedDriverReports(reports, nowMs);
  const official = reports
    .filter((r) => r.official && r.validUntilMs !== null && r.validUntilMs > nowMs && r.createdAtMs <= nowMs)
    .sort((a, b) => b.createdAtMs - a.createdAtMs || b.id - a.id)[0];

  const byStatus = new Map<ReportStatus, number>();
  let total = 0;
  for (const c of counted) {
    byStatus.set(c.report.status, (byStatus.get(c.report.status) ?? 0) + c.weight);
    total += c.weight;
  }
  const latestDriverMs = Math.max(-Infinity, ...counted.map((c) => c.report.createdAtMs));
  const queueOf = (status: ReportStatus) =>
    hasQueue(status)
      ? weightedMedian(
          cappedQueueWeights(
            counted
              .filter((c) => c.report.queueMin !== null && hasQueue(c.report.status))
              .map((c) => ({ value: c.report.queueMin!, weight: c.weight })),
          ),
        )
      : null;

  if (official) {
    const dissent = counted.filter(
      (c) => c.report.createdAtMs > official.createdAtMs && c.report.status !== official.status,
    ).length;
    const latestMs = Math.max(official.createdAtMs, latestDriverMs);
    const queue = hasQueue(official.status) ? (official.queueMin ?? queueOf(official.status)) : null;
    return {
      status: official.status,
      confidence: 'high',
      queueMin: queue === null ? null : Math.round(queue),
      latestReportAt: new Date(latestMs).toISOString(),
      reportCount: counted.length + 1,
      official: true,
      why: { kind: 'official', at: new Date(official.createdAtMs).toISOString(), dissentingDrivers: dissent },
      ...explained(
        `Official: operator update ${AGO_PLACEHOLDER}` +
          (dissent ? `; ${plural(dissent, 'driver')} since disagree` : ''),
        official.createdAtMs,
        nowMs,
      ),
    };
  }
  if (counted.length === 0) return UNKNOWN_STATUS;

  const ranked = [...byStatus.entries()].sort((a, b) => b[1] - a[1]);
  const [leader, leaderWeight] = ranked[0]!;
  const share = leaderWeight / total;
  const confidence =
    share < STATUS_MODEL.mixedBelowShare
      ? 'mixed'
      : leaderWeight >= STATUS_MODEL.highMinWeight && share >= STATUS_MODEL.highMinShare
        ? 'high'
        : leaderWeight >= STATUS_MODEL.mediumMinWeight
          ? 'medium'
          : 'low';
  let template: string;
  const latestAt = new Date(latestDriverMs).toISOString();
  let why: StatusWhy = { kind: 'drivers', drivers: counted.length, latestAt };
  if (confidence === 'mixed') {
    const votes = ranked.map(([status]) => ({
      status,
      drivers: counted.filter((c) => c.report.status === status).length,
    }));
    why = { kind: 'disagree', votes, latestAt };
    const words = votes.map(({ status, drivers: n }) => `${n} ${n === 1 ? 'says' : 'say'} ${WORDS[status]}`);
    template = `Drivers disagree: ${words.join(', ')}; latest ${AGO_PLACEHOLDER}`;
  } else {
    template =
      counted.length === 1
        ? `1 driver, ${AGO_PLACEHOLDER}`
        : `${plural(counted.length, 'driver')}, latest ${AGO_PLACEHOLDER}`;
  }
  const queue = queueOf(leader);
  return {
    status: leader,
    confidence,
    queueMin: queue === null ? null : Math.round(queue),
    latestReportAt: new Date(latestDriverMs).toISOString(),
    reportCount: counted.length,
    official: false,
    why,
    ...explained(template, latestDriverMs, nowMs),
  };
}

/** The explanation at `nowMs`, and its template with the time its age counts from (rule 7). */
function explained(template: string, agoFromMs: number, nowMs: number) {
  return {
    explanation: template.replace(AGO_PLACEHOLDER, formatAgo(nowMs - agoFromMs)),
    explanationTemplate: template,
    agoFrom: new Date(agoFromMs).toISOString(),
  };
}
