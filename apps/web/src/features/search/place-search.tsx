import type { PlaceHit, SearchHit } from '@cng/shared/client';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, memo, useState } from 'react';
import type { LonLat } from '../../components/map/lat-lng';
import { intlLocale, t } from '../../i18n/i18n';
import { cardinalText } from '../../lib/cardinal';
import { formatDistance } from '../../lib/format';
import { browserCountryHint } from './country-hint';
import { searchStations } from './search-api';

/** A place whose nearest station is farther than this (km) has, for a driver, no station near it. */
export const NO_STATION_NEAR_PLACE_KM = 50;

/** "nearest station 2.1 km", or that there is none near it, from the place's `nearestStationKm`. */
export function placeStationsText(place: Pick<PlaceHit, 'nearestStationKm'>): string {
  const km = place.nearestStationKm;
  if (km === null) return t('finder.search.noStationInData');
  if (km > NO_STATION_NEAR_PLACE_KM)
    return t('finder.search.noStationNear', { distance: formatDistance(km, intlLocale()) });
  return t('finder.search.nearestStation', { distance: formatDistance(km, intlLocale()) });
}

/** A search as asked: the text, and where the driver was when they asked (not their every later fix). */
interface Asked {
  query: string;
  near: LonLat | null;
  country: string | null;
}

/**
 * The answer to the latest search (TanStack Query): a new search cancels the one still on its way, so a slow
 * answer to an earlier query never replaces a newer one.
 */
function useSearch(asked: Asked | null) {
  return useQuery({
    queryKey: ['search', asked?.query, asked?.near?.lon, asked?.near?.lat, asked?.country],
    queryFn: async ({ signal }) => {
      const res = await searchStations(asked!.query, asked!.near, signal, asked!.country);
      // `places` is optional in the contract: servers without the gazetteer answer stations only.
      return { stations: res.results, places: res.places ?? [], attribution: res.attribution ?? null };
    },
    enabled: asked !== null,
    retry: false,
  });
}

/**
 * Search by city, area or station name (the station search endpoint). Places (towns, cities) come first:
 * picking one moves the finder there; picking a station moves it to the station and selects it.
 */
export const PlaceSearch = memo(function PlaceSearch({
  getNear,
  onPickStation,
  onPickPlace,
  inputId = 'finder-search',
  label,
  buttonLabel,
}: {
  /**
   * Where the driver is when they ask (the answer ranks by it): read at the moment of asking, so the search box
   * does not render again on every GPS fix.
   */
  getNear: () => LonLat | null;
  onPickStation: (hit: SearchHit) => void;
  onPickPlace: (place: PlaceHit) => void;
  /** The field's id: one page can hold more than one search (the finder's, and the trip's destination). */
  inputId?: string;
  /** The field's label; the finder's own by default. */
  label?: string;
  /** The button's words; "Search" by default (one page's two searches must not share them). */
  buttonLabel?: string;
}) {
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<Asked | null>(null);
  // The hits stay until one is picked (or a new search is asked).
  const [picked, setPicked] = useState(false);
  const search = useSearch(asked);
  const busy = search.isFetching;
  const results = asked && search.data && !picked ? { query: asked.query, ...search.data } : null;
  const error =
    search.error && !picked ? (navigator.onLine ? search.error.message : t('finder.search.offline')) : null;

  function submit(e: FormEvent) {
    e.preventDefault();
    const query = text.trim();
    if (!query) return;
    setPicked(false);
    // The same words again (after a failure, say) ask again; new words are a new query.
    if (asked?.query === query) void search.refetch();
    else setAsked({ query, near: getNear(), country: browserCountryHint() });
  }

  const empty = results && results.stations.length === 0 && results.places.length === 0;
  return (
    <div className="place-search">
      <search className="place-search__form">
        <form onSubmit={submit}>
          <label htmlFor={inputId}>{label ?? t('finder.search.label')}</label>
          <div className="place-search__row">
            <input
              id={inputId}
              type="search"
              value={text}
              maxLength={100}
              autoComplete="off"
              placeholder={t('finder.search.placeholder')}
              onChange={(e) => setText(e.target.value)}
            />
            {/* Never disabled: a disabled default button would also block Enter, and a new query must always go. */}
            <button type="submit" className="button button--primary" aria-busy={busy}>
              {busy ? t('finder.search.searching') : (buttonLabel ?? t('finder.search.button'))}
            </button>
          </div>
        </form>
      </search>
      {error && (
        <p className="finder-message finder-message--warn" role="alert">
          {error}
        </p>
      )}
      {empty && <p className="finder-message">{t('finder.search.nothing', { query: results.query })}</p>}
      {results && !empty && (
        <p className="place-search__answer" data-testid="search-answer-for">
          {t('finder.search.resultsFor', { query: results.query })}
        </p>
      )}
      {results && results.places.length > 0 && (
        <ul className="place-search__hits" aria-label={t('finder.search.placesLabel')}>
          {results.places.map((p) => (
            <li key={`${p.countryCode}:${p.name}:${p.lon}:${p.lat}`} data-testid="place-hit">
              <button
                type="button"
                onClick={() => {
                  onPickPlace(p);
                  setPicked(true);
                }}
              >
                <strong>
                  {p.name}
                  {p.within ? `, ${p.within}` : ''}, {p.countryCode}
                  <span className="visually-hidden"> — </span>
                </strong>
                <span
                  className={
                    p.nearestStationKm === null || p.nearestStationKm > NO_STATION_NEAR_PLACE_KM
                      ? 'place-search__none'
                      : undefined
                  }
                >
                  {placeStationsText(p)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {results && results.stations.length > 0 && (
        <ul className="place-search__hits" aria-label={t('finder.search.stationsLabel')}>
          {results.stations.map((h) => (
            <li key={h.id}>
              <button
                type="button"
                onClick={() => {
                  onPickStation(h);
                  setPicked(true);
                }}
              >
                <strong>{h.name}</strong>
                {/* Stations of one brand share a name ("IGL"): the address, town and state tell them apart. */}
                <span>{[h.address, h.city, h.region, h.countryCode].filter(Boolean).join(', ')}</span>
                {h.distanceKm !== undefined && (
                  <span>
                    {h.bearingDeg !== undefined && h.distanceKm >= 0.05
                      ? t('finder.search.awayTowards', {
                          distance: formatDistance(h.distanceKm, intlLocale()),
                          cardinal: cardinalText(h.bearingDeg),
                        })
                      : t('finder.search.away', { distance: formatDistance(h.distanceKm, intlLocale()) })}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {results && results.places.length > 0 && results.attribution && (
        <p className="place-search__credit">{results.attribution}</p>
      )}
    </div>
  );
});
