import { formatDurationMin, type ReportStatus, type StatusSummary, UNKNOWN_STATUS } from '@cng/shared';

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
 * 1. One voice per device. Only each device's latest report counts (the API already allows one
 *    report per station per device per 10 min); a single phone cannot outvote a crowd by
 *    reporting every 10 minutes.
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
 *
 * 5. Queue = the weighted median of the queues reported by counted `available`/`low_pressure`
 *    reports (ties take the lower value), rounded to whole minutes. A median ignores one wild
 *    value ("300 min" among 10s); a mean would not. No queue is shown while the status is
 *    `no_gas` or `closed`: there is nothing to queue for.
 *
 * 6. An official status (operator or site staff, bearer token) outranks drivers until its
 *    `validUntil`: its status is shown with confidence high and `official: true`. Its queue is
 *    used when given, else the drivers' estimate. Drivers who disagree after the official update
 *    are mentioned in the explanation, so a stale official status is visible as such.
 *
 * 7. The explanation says why, in words: "3 drivers, latest 8 min ago"; "Drivers disagree:
 *    2 say available, 1 says no gas; latest 4 min ago"; "Official: operator update 5 min ago".
 *
 * Compared with the strongest open peer (Vishalka1995/CNG-Finder, lib/confidence.ts), which weighs
 * reports 1.0 up to 10 min, 0.5 up to 30, 0.1 up to 60 and 0 after, and calls any disagreement
 * "mixed": (a) its status vanishes 60 min after the last report, ours fades over 3 h; (b) a
 * report at 10 min 59 s is worth twice one at 11 min there, our weights have no edges; (c) one
 * 55-minute-old dissenting report (weight 0.1) turns three fresh agreeing reports "mixed" there,
 * here the fresh majority stays "high"; (d) it has no queue estimate, no official status, no
 * position weighting, no one-voice-per-device rule and no explanation. Tests in
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

/** "just now", "8 min ago", "1 h 05 min ago". */
export function agoText(ageMs: number): string {
  const min = Math.floor(Math.max(0, ageMs) / 60_000);
  return min < 1 ? 'just now' : `${formatDurationMin(min)} ago`;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const hasQueue = (s: ReportStatus | 'unknown') => s === 'available' || s === 'low_pressure';

/** The latest driver report of each device that still counts at `nowMs`, with its weight. */
function countedDriverReports(reports: ModelReport[], nowMs: number) {
  const latestByDevice = new Map<string, ModelReport>();
  for (const r of reports) {
    if (r.official) continue;
    const prev = latestByDevice.get(r.deviceId);
    if (!prev || r.createdAtMs > prev.createdAtMs || (r.createdAtMs === prev.createdAtMs && r.id > prev.id))
      latestByDevice.set(r.deviceId, r);
  }
  return [...latestByDevice.values()]
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
          counted
            .filter((c) => c.report.queueMin !== null && hasQueue(c.report.status))
            .map((c) => ({ value: c.report.queueMin!, weight: c.weight })),
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
      explanation:
        `Official: operator update ${agoText(nowMs - official.createdAtMs)}` +
        (dissent ? `; ${plural(dissent, 'driver')} since disagree` : ''),
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
  const latest = agoText(nowMs - latestDriverMs);
  let explanation: string;
  if (confidence === 'mixed') {
    const votes = ranked.map(([status]) => {
      const n = counted.filter((c) => c.report.status === status).length;
      return `${n} ${n === 1 ? 'says' : 'say'} ${WORDS[status]}`;
    });
    explanation = `Drivers disagree: ${votes.join(', ')}; latest ${latest}`;
  } else {
    explanation =
      counted.length === 1 ? `1 driver, ${latest}` : `${plural(counted.length, 'driver')}, latest ${latest}`;
  }
  const queue = queueOf(leader);
  return {
    status: leader,
    confidence,
    queueMin: queue === null ? null : Math.round(queue),
    latestReportAt: new Date(latestDriverMs).toISOString(),
    reportCount: counted.length,
    official: false,
    explanation,
  };
}
