/** Distance for people: metres below 1 km ("850 m"), km with one decimal above ("3.4 km"). */
export function formatDistance(distanceKm: number): string {
  // Round first, then pick the unit: 999.7 m is "1.0 km", not "1000 m"; 99.96 km is "100 km".
  const metres = Math.round(distanceKm * 1000);
  if (metres < 1000) return `${metres} m`;
  const tenths = Math.round(distanceKm * 10) / 10;
  if (tenths < 100) return `${tenths.toFixed(1)} km`;
  return `${Math.round(distanceKm)} km`;
}

/** Duration for people from minutes: "4 min", "1 h 05 min". */
export function formatDurationMin(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  if (total < 60) return `${total} min`;
  const h = Math.floor(total / 60);
  const m = total % 60;
  return `${h} h ${String(m).padStart(2, '0')} min`;
}
