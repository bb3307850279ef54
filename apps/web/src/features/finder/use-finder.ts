import { bearingDeg, distanceKm, type NearestStation, type StationSummary } from '@cng/shared/client';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { refreshFavouriteSnapshots } from '../favourites/favourites-store';
import { chooseFollowed, passedPicked } from '../position/ahead';
import { headingFor } from '../position/heading-source';
import { positionLonLat } from '../position/location-state';
import { useCompass } from '../position/use-compass';
import { useStationEvents } from '../station/use-station-events';
import { effectiveFilters, filtersStore, hoursKnownIn, setFilters } from './finder-filters';
import { useLocation } from './use-location';
import { useNearest } from './use-nearest';

/** The finder's state in one place: position, motion, heading, the live list, filters and the selection. */
export function useFinder() {
  const location = useLocation();
  const { state: loc, motion } = location;
  const filters = useStore(filtersStore, (s) => s.filters);

  const lon = loc.position ? positionLonLat(loc.position).lon : null;
  const lat = loc.position ? positionLonLat(loc.position).lat : null;
  const position = useMemo(() => (lon === null || lat === null ? null : { lon, lat }), [lon, lat]);
  // Whether stations here publish opening hours, learnt from lists fetched without "open now".
  const [hoursKnown, setHoursKnown] = useState<boolean | null>(null);
  const applied = useMemo(() => effectiveFilters(filters, hoursKnown), [filters, hoursKnown]);
  const nearest = useNearest(position, applied);
  useEffect(() => {
    if (nearest.version > 0 && !nearest.openNowApplied) setHoursKnown(hoursKnownIn(nearest.stations));
  }, [nearest.version, nearest.openNowApplied, nearest.stations]);

  // Live status pushed by the server (SSE) for the listed stations, merged over the status they came with;
  // the distances and bearings were computed once for this fix by useNearest (`here`).
  const listIds = useMemo(() => nearest.stations.map((s) => s.id), [nearest.stations]);
  const events = useStationEvents(listIds, nearest.stations);
  const stations = useMemo(
    () => nearest.here.map((s) => (events.statuses[s.id] ? { ...s, status: events.statuses[s.id]! } : s)),
    [nearest.here, events.statuses],
  );

  useEffect(() => {
    if (nearest.stations.length) refreshFavouriteSnapshots(nearest.stations);
  }, [nearest.stations]);

  // null follows the nearest station; an id pins the driver's choice; `extra` holds a choice outside the list.
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [extra, setExtra] = useState<StationSummary | null>(null);
  // Without a pick, the panel follows the nearest station ahead while driving (utils/ahead.ts, ADR 0008).
  const gpsSpeed = loc.position?.kind === 'gps' ? motion.speedKmh : null;
  const followed = useMemo(
    () => chooseFollowed(stations, gpsSpeed, motion.courseDeg),
    [stations, gpsSpeed, motion.courseDeg],
  );
  const selected: NearestStation | null = useMemo(() => {
    if (!selectedId) return followed?.station ?? null;
    const listed = stations.find((s) => s.id === selectedId);
    if (listed) return listed;
    if (extra?.id === selectedId && position) {
      return {
        ...extra,
        distanceKm: distanceKm(position.lon, position.lat, extra.lon, extra.lat),
        bearingDeg: bearingDeg(position.lon, position.lat, extra.lon, extra.lat),
      };
    }
    return followed?.station ?? null;
  }, [selectedId, stations, extra, position, followed]);

  const select = useCallback((station: StationSummary | null) => {
    setSelectedId(station?.id ?? null);
    setExtra(station);
  }, []);
  // A picked station that was approached and is now clearly passed lets the panel move on to the next one.
  const approached = useRef<{ id: string | null; yes: boolean }>({ id: null, yes: false });
  useEffect(() => {
    if (!selectedId || !selected || selected.id !== selectedId) return;
    const before = approached.current.id === selectedId && approached.current.yes;
    const judged = passedPicked(selected, gpsSpeed, motion.courseDeg, before);
    approached.current = { id: selectedId, yes: judged.approached };
    if (judged.passed) select(null);
  }, [selectedId, selected, gpsSpeed, motion.courseDeg, select]);

  const gps = loc.position?.kind === 'gps' ? loc.position.fix : null;
  const standingStill = motion.speedKmh === 0;
  const compass = useCompass(gps !== null && standingStill);
  const heading = headingFor(motion, compass.headingDeg);

  return {
    location,
    position,
    gps,
    speedKmh: gps ? motion.speedKmh : null,
    courseDeg: gps ? motion.courseDeg : null,
    /** 'manual' when the position was searched or tapped on the map. */
    positionKind: loc.position?.kind ?? null,
    heading,
    compass,
    filters,
    /** The filters as applied ("open now" only where hours are published). */
    applied,
    hoursKnown,
    setFilters,
    nearest,
    stations,
    selected,
    isNearest: selected !== null && selected.id === stations[0]?.id,
    /** True when the panel follows a station ahead that is not the nearest (the nearest is behind or beside). */
    followingAhead: !selectedId && followed?.ahead === true,
    select,
  };
}

/** Everything the finder's parts read: the position, the nearest answer, the selection and what changes them. */
export type FinderState = ReturnType<typeof useFinder>;
