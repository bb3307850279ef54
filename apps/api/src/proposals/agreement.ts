import { distanceKm, PROPOSAL_LIMITS } from '@cng/shared';

/**
 * When drivers agree (ADR 0014), written once. A proposal counts when independent drivers make it: at least
 * `agreeDevices` different devices on at least `agreeNetworks` different networks, within `agreeWindowDays`
 * (and, for a new station, within `agreeRadiusM` of each other). One device is one voice however often it
 * proposes, and one network (an IPv4 address or an IPv6 /64) too, however many cookies it clears: the same rule
 * as the live status model, so one person with a phone, or one office, cannot put a station on the map or take
 * one off it.
 */
export interface Voice {
  id: number;
  deviceId: string;
  /** Keyed network hash; null when the address was unusable (it then counts as no network). */
  networkHash: string | null;
  createdAtMs: number;
  lon: number | null;
  lat: number | null;
}

/**
 * How many independent drivers these voices are: the most proposals that share no device and no network
 * (a maximum matching between devices and networks). One phone proposing from three networks is one voice;
 * three phones behind one network are one voice; a phone that also sits behind an office's network cannot
 * count twice. Voices without a network (an unusable address) do not count.
 */
export function independentVoices(voices: readonly Voice[]): number {
  const byDevice = new Map<string, Set<string>>();
  for (const v of voices) {
    if (!v.networkHash) continue;
    const nets = byDevice.get(v.deviceId) ?? new Set<string>();
    nets.add(v.networkHash);
    byDevice.set(v.deviceId, nets);
  }
  // Kuhn's augmenting paths: a handful of voices, so the simple algorithm is plenty.
  const owner = new Map<string, string>();
  const tryDevice = (device: string, seen: Set<string>): boolean => {
    for (const net of byDevice.get(device)!) {
      if (seen.has(net)) continue;
      seen.add(net);
      const holder = owner.get(net);
      if (holder === undefined || tryDevice(holder, seen)) {
        owner.set(net, device);
        return true;
      }
    }
    return false;
  };
  let matched = 0;
  for (const device of byDevice.keys()) if (tryDevice(device, new Set())) matched++;
  return matched;
}

/** True when these voices, all about the same thing, are enough independent drivers (devices and networks). */
export function enoughVoices(voices: readonly Voice[]): boolean {
  return independentVoices(voices) >= Math.max(PROPOSAL_LIMITS.agreeDevices, PROPOSAL_LIMITS.agreeNetworks);
}

/** The voices still inside the agreement window at `nowMs`. */
export function recent<T extends Voice>(voices: readonly T[], nowMs: number): T[] {
  const since = nowMs - PROPOSAL_LIMITS.agreeWindowDays * 86_400_000;
  return voices.filter((v) => v.createdAtMs >= since);
}

/**
 * The proposals of a new station that agree with `anchor`: recent ones within `agreeRadiusM` of it. Returns
 * them when they are enough independent drivers, else null.
 */
export function agreeingAdditions<T extends Voice>(
  anchor: T,
  pending: readonly T[],
  nowMs: number,
): T[] | null {
  if (anchor.lon === null || anchor.lat === null) return null;
  const near = recent(pending, nowMs).filter(
    (p) =>
      p.lon !== null &&
      p.lat !== null &&
      distanceKm(anchor.lon!, anchor.lat!, p.lon, p.lat) * 1000 <= PROPOSAL_LIMITS.agreeRadiusM,
  );
  return enoughVoices(near) ? near : null;
}
