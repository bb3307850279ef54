import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { LonLat } from '../../components/map/lat-lng';
import { intlLocale, t } from '../../i18n/i18n';
import { formatInteger } from '../../lib/formatters';
import { prefersReducedMotion } from '../../lib/scroll-to-top';
import { OfflineMarker } from '../../pwa/offline-marker';
import { FavouritesPanel } from '../favourites/favourites-panel';
import { useFavourites } from '../favourites/use-favourites';
import { SpokenGuidance, useSpokenGuidance } from '../guidance/spoken-guidance';
import { MapBoundary } from '../map/map-boundary';
import { PlaceSearch } from '../search/place-search';
import { ArrivalPrompt } from '../station/arrival-prompt';
import { favouritesDataTimeMs } from '../station/offline-stations';
import { dismissEarlyNearest } from './early-location';
import { FilterNotice } from './filter-notice';
import { FiltersBar } from './filters-bar';
import { filtersSummary, hasFilters, NO_FILTERS } from './finder-filters';
import { HeadsUpPanel } from './heads-up-panel';
import { LocationBanner } from './location-banner';
import { NEAREST_RADIUS_KM } from './nearest-api';
import { StationList } from './station-list';
import { type FinderState, useFinder } from './use-finder';
import './finder.css';
import { useStore } from 'zustand';
import { formatDistance } from '../../lib/format';
import { CoverageNotice } from '../coverage/coverage-notice';
import { AddStationForm, openAddStation } from '../station/add-station-form';
import { tripStore } from '../trip/trip-store';

// Leaflet is the heaviest part; the panel and the list render without waiting for it.
const FinderMap = lazy(() => import('../map/finder-map'));
// The trip planner sits below the list and the map: not part of opening /App either.
const TripPlanner = lazy(() => import('../trip/trip-planner').then((m) => ({ default: m.TripPlanner })));
// Asked only where our list is thin: not part of opening /App where it is good.
const PumpQuestions = lazy(() => import('../coverage/pump-questions'));
// Details, reports and the problem form open on a tap: their code is not part of opening /App.
const DetailsDialog = lazy(() =>
  import('../station/details-dialog').then((m) => ({ default: m.DetailsDialog })),
);

/**
 * Whether to load the map yet. On a slow link its ~45 kB would share the line with the nearest answer, so with
 * GPS granted it waits until the panel shows a distance (or GPS fails: timeout after 20 s); without GPS it
 * loads at once, since tapping it is one way to set a position (ADR 0008).
 */
function useMapWanted(distanceShown: boolean, gpsFailed: boolean) {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    if (distanceShown || gpsFailed) {
      setWanted(true);
      return;
    }
    let live = true;
    const want = () => {
      if (live) setWanted(true);
    };
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((s) => {
        if (s.state !== 'granted') want();
      })
      .catch(want);
    if (!navigator.permissions) want();
    return () => {
      live = false;
    };
  }, [wanted, distanceShown, gpsFailed]);
  return wanted;
}

/**
 * On a phone the list sits below the panel and the map: after a row is tapped, bring the panel (now showing
 * that station) back into view if it scrolled off the top, or the tap seems to do nothing.
 */
function revealPanel() {
  requestAnimationFrame(() => {
    const hud = document.querySelector<HTMLElement>('.finder [data-testid="hud"]');
    if (!hud || hud.getBoundingClientRect().top >= 0) return;
    hud.scrollIntoView({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  });
}

/** Puts the cursor in the place search, for a driver whom the panel cannot point anywhere sensible. */
function focusSearch() {
  const input = document.getElementById('finder-search');
  input?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  input?.focus({ preventScroll: true });
}

/** What the panel shows: the selected station in big type, or why there is none yet. */
function NearestPanel({ f, onDetails }: { f: FinderState; onDetails: (id: string) => void }) {
  const { nearest, selected, position } = f;
  // What the panel shows is labelled with the filters that list answers: while the answer to a newly set
  // filter is on its way, the unfiltered nearest must not read "Nearest match" under the new filter.
  const shownFilters = nearest.filters ?? NO_FILTERS;
  // In the panel while a filter is on: which, how to clear it, and the nearest station of any kind.
  const coverage = nearest.coverage ?? null;
  const filterNotice = position && (
    <>
      <FilterNotice
        filters={shownFilters}
        anyNearest={nearest.anyHere}
        onClear={() => f.setFilters(NO_FILTERS)}
        onSelect={(s) => f.select(s)}
      />
      {/* What the answer is worth here: said only with a live answer, for where it was asked. */}
      {coverage && <CoverageNotice coverage={coverage} onAddStation={openAddStation} />}
    </>
  );
  if (!selected) {
    return (
      <section className="hud hud--empty" aria-label={t('finder.hud.regionLabel')} data-testid="hud">
        {filterNotice}
        <p className="hud__placeholder">
          {!position
            ? t('finder.hud.waiting')
            : nearest.loading || nearest.version === 0
              ? t('finder.hud.finding')
              : t(hasFilters(shownFilters) ? 'finder.hud.noMatchWithin' : 'finder.hud.noneWithin', {
                  distance: formatDistance(NEAREST_RADIUS_KM, intlLocale()),
                })}
        </p>
      </section>
    );
  }
  return (
    <HeadsUpPanel
      station={selected}
      isNearest={f.isNearest || f.followingAhead}
      followingAhead={f.followingAhead}
      speedKmh={f.speedKmh}
      courseDeg={f.courseDeg}
      heading={f.heading}
      manualPosition={f.positionKind === 'manual'}
      gps={f.gps !== null}
      // The list is the copy saved on this device: the panel says so, and whether a nearer station may exist.
      offline={nearest.offline}
      onBackToNearest={() => f.select(null)}
      onDetails={() => onDetails(selected.id)}
      filtered={hasFilters(shownFilters)}
      coverage={coverage}
      onSearch={focusSearch}
      onAddStation={openAddStation}
    >
      {filterNotice}
    </HeadsUpPanel>
  );
}

/** The list's title, its state ("Updating…", "50 stations"), the filters it answers and its offline mark. */
function ListHead({ f }: { f: FinderState }) {
  const { nearest, stations, position, location } = f;
  // Said above the list, because on a phone the filters themselves sit further down the page.
  const filtered = filtersSummary(nearest.filters ?? NO_FILTERS);
  return (
    <div className="finder__list-head">
      <h2>
        {t(
          !position
            ? 'finder.list.titleUnknown'
            : location.state.position?.kind === 'manual'
              ? 'finder.list.titleThere'
              : 'finder.list.titleYou',
        )}
      </h2>
      <p className="finder-message" role="status">
        {nearest.error ??
          (nearest.loading
            ? t('finder.list.updating')
            : stations.length
              ? t('finder.list.count', { count: formatInteger(stations.length) })
              : '')}
      </p>
      {filtered && (
        <p className="finder__filtered" data-testid="filters-applied">
          {t('finder.list.filtered', { filters: filtered })}{' '}
          <button type="button" className="finder__clear" onClick={() => f.setFilters(NO_FILTERS)}>
            {t('finder.filters.clear')}
          </button>
        </p>
      )}
      <OfflineMarker dataAtMs={nearest.offlineDataAtMs ?? null} always />
    </div>
  );
}

/** The map, the filters, adding a station and the favourites: beside the list on a wide screen, below it on a phone. */
function FinderSide({
  f,
  noGps,
  onDetails,
}: {
  f: FinderState;
  noGps: boolean;
  onDetails: (id: string) => void;
}) {
  const { location, position, gps, stations, selected } = f;
  // The panel and the list are urgent; the map may follow a frame later, so it never delays them.
  const mapStations = useDeferredValue(stations);
  const mapSelected = useDeferredValue(selected);
  const mapPosition = useDeferredValue(position);
  const brands = useBrands(stations);
  const getPosition = usePositionGetter(position);
  const answered = selected !== null || f.nearest.version > 0 || f.nearest.error !== null;
  const mapWanted = useMapWanted(answered, noGps || f.positionKind === 'manual');
  const route = useStore(tripStore, (s) => s.trip?.answer?.geometry.coordinates ?? null);
  const loading = <div className="finder-map finder-map--loading">{t('finder.map.loading')}</div>;
  return (
    <div className="finder__side">
      {noGps && !position && <p className="finder-message">{t('finder.map.setByPress')}</p>}
      <MapBoundary>
        <Suspense fallback={loading}>
          {!mapWanted ? (
            loading
          ) : (
            <FinderMap
              position={mapPosition}
              accuracyM={gps?.accuracyM ?? null}
              headingDeg={f.heading.source === 'north-up' ? null : f.heading.deg}
              stations={mapStations}
              selected={mapSelected}
              tapSetsPosition={!gps}
              onSelect={(s) => f.select(s)}
              onSetPosition={(p) => location.setManual(p.lon, p.lat, t('finder.position.chosenOnMap'))}
              route={route}
            />
          )}
        </Suspense>
      </MapBoundary>
      <FiltersBar filters={f.filters} brands={brands} hoursKnown={f.hoursKnown} onChange={f.setFilters} />
      <Suspense fallback={null}>
        <TripPlanner hasPosition={position !== null} getPosition={getPosition} />
      </Suspense>
      <AddStationForm
        position={position}
        positionLabel={t(
          location.state.position?.kind === 'manual' ? 'finder.position.chosen' : 'finder.position.yours',
        )}
      />
      <FavouritesPanel position={position} dataAtMs={favouritesDataTimeMs} onOpen={onDetails} />
    </div>
  );
}

/** Place and station search: picking a station selects it, picking a place moves the finder there. */
const FinderSearch = memo(function FinderSearch({
  hasGps,
  getPosition,
  setManual,
  select,
}: {
  hasGps: boolean;
  getPosition: () => LonLat | null;
  setManual: FinderState['location']['setManual'];
  select: FinderState['select'];
}) {
  return (
    <PlaceSearch
      getNear={getPosition}
      onPickStation={(hit) => {
        // With GPS on, picking a station selects it and keeps the live distance and direction from the
        // driver; without GPS, the finder moves to the station.
        if (!hasGps) setManual(hit.lon, hit.lat, [hit.name, hit.city].filter(Boolean).join(', '));
        select(hit);
      }}
      onPickPlace={(place) => {
        setManual(place.lon, place.lat, `${place.name}, ${place.countryCode}`);
        // Around a place, the panel follows the nearest station.
        select(null);
      }}
    />
  );
});

/**
 * The latest position, for what reads it only when the driver acts (a search, a trip): those parts then do not
 * render again on every GPS fix.
 */
function usePositionGetter(position: LonLat | null): () => LonLat | null {
  const latest = useRef(position);
  useLayoutEffect(() => {
    latest.current = position;
  });
  return useCallback(() => latest.current, []);
}

/** The brands and operators of the listed stations, sorted: the same array while they stay the same. */
function useBrands(stations: FinderState['stations']): string[] {
  const names = [
    ...new Set(stations.flatMap((s) => [s.brand, s.operator]).filter((b): b is string => !!b)),
  ].sort();
  const key = names.join('\u0000');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the names.
  return useMemo(() => names, [key]);
}

/** Figure for the bench script: time from the nearest answer to the list and panel on screen. */
function useRenderMark(version: number) {
  useEffect(() => {
    if (version === 0) return;
    requestAnimationFrame(() => {
      performance.mark('finder:list-rendered');
      try {
        performance.measure('finder:nearest-to-render', 'finder:nearest-response', 'finder:list-rendered');
      } catch {
        // The response mark can be cleared by the bench between runs; nothing to measure then.
      }
    });
  }, [version]);
}

/** The finder: nearest CNG stations with live distance, direction, speed and ETA; map, list, favourites. */
export default function Finder() {
  const f = useFinder();
  const { location, position, gps, nearest, stations, selected } = f;
  const favourites = useFavourites();
  // Spoken guidance (ADR 0018) says what the panel shows; its code loads only once the driver turns it on.
  useSpokenGuidance({
    station: selected,
    kind: f.followingAhead ? 'ahead' : f.isNearest ? 'nearest' : 'selected',
    heading: f.heading,
    manual: f.positionKind === 'manual',
  });
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const getPosition = usePositionGetter(position);
  useRenderMark(nearest.version);
  const known =
    stations.find((s) => s.id === detailsId) ??
    (selected?.id === detailsId ? selected : null) ??
    favourites.find((x) => x.id === detailsId)?.station ??
    null;
  const noGps = ['denied', 'unavailable', 'timeout'].includes(location.state.status);
  const answered = selected !== null || nearest.version > 0 || nearest.error !== null;
  // The distance painted before this code loaded (early-nearest.ts) gives way to the panel's own answer.
  useEffect(() => {
    if (answered) dismissEarlyNearest();
  }, [answered]);

  return (
    <div className="finder">
      <div className="container finder__head">
        <h1 className="finder__title">{t('finder.title')}</h1>
        {/* One place for search, before and after the first fix: above the banner, whose height changes
            with the location state, so a fix never moves the box. */}
        <FinderSearch
          hasGps={gps !== null}
          getPosition={getPosition}
          setManual={location.setManual}
          select={f.select}
        />
        <LocationBanner state={location.state} onStart={location.start} />
      </div>
      <div className="container finder__body">
        <div className="finder__primary">
          <NearestPanel f={f} onDetails={setDetailsId} />
          <ArrivalPrompt fix={gps} stations={stations} />
          <SpokenGuidance />
          {f.compass.needsPermission && gps && (
            <button
              type="button"
              className="button finder__compass"
              onClick={() => void f.compass.requestAccess()}
            >
              {t('finder.compass')}
            </button>
          )}
          <ListHead f={f} />
          <StationList
            stations={stations}
            selectedId={selected?.id ?? null}
            heading={f.heading}
            onSelect={(id) => {
              f.select(stations.find((s) => s.id === id) ?? null);
              revealPanel();
            }}
            onDetails={setDetailsId}
          />
          {position && (nearest.coverage?.level === 'thin' || nearest.coverage?.level === 'none') && (
            <Suspense fallback={null}>
              <PumpQuestions at={position} />
            </Suspense>
          )}
        </div>
        <FinderSide f={f} noGps={noGps} onDetails={setDetailsId} />
      </div>
      {detailsId && (
        <Suspense fallback={null}>
          <DetailsDialog
            id={detailsId}
            known={known}
            position={position}
            manualPosition={f.positionKind === 'manual'}
            onClose={() => setDetailsId(null)}
          />
        </Suspense>
      )}
    </div>
  );
}
