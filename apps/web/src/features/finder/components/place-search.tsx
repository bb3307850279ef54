import type { PlaceHit, SearchHit } from '@cng/shared/client';
import { type FormEvent, useRef, useState } from 'react';
import type { LonLat } from '../../../components/map/lat-lng';
import { t } from '../../../i18n/i18n';
import { formatDistanceKm } from '../../../lib/formatters';
import { searchStations } from '../api/finder-api';
import { cardinalText } from '../utils/cardinal';
import { browserCountryHint } from '../utils/country-hint';

/** A place whose nearest station is farther than this (km) has, for a driver, no station near it. */
export const NO_STATION_NEAR_PLACE_KM = 50;

/** "nearest station 2.1 km", or that there is none near it, from the place's `nearestStationKm`. */
export function placeStationsText(place: Pick<PlaceHit, 'nearestStationKm'>): string {
  const km = place.nearestStationKm;
  if (km === null) return t('finder.search.noStationInData');
  if (km > NO_STATION_NEAR_PLACE_KM)
    return t('finder.search.noStationNear', { distance: formatDistanceKm(km) });
  return t('finder.search.nearestStation', { distance: formatDistanceKm(km) });
}

interface Results {
  /** The query these results answer (shown, so a box edited since never seems to be answered). */
  query: string;
  stations: SearchHit[];
  places: PlaceHit[];
  attribution: string | null;
}

/**
 * Search by city, area or station name (the station search endpoint). Places (towns, cities) come first:
 * picking one moves the finder there; picking a station moves it to the station and selects it.
 */
export function PlaceSearch({
  near,
  onPickStation,
  onPickPlace,
}: {
  near: LonLat | null;
  onPickStation: (hit: SearchHit) => void;
  onPickPlace: (place: PlaceHit) => void;
}) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    controller.current?.abort();
    const c = new AbortController();
    controller.current = c;
    setBusy(true);
    setError(null);
    // The latest query always wins: the earlier request is aborted above, and an answer that arrives for
    // it anyway (already read when aborted) is dropped here.
    setResults(null);
    try {
      const res = await searchStations(q, near, c.signal, browserCountryHint());
      if (controller.current !== c) return;
      // `places` is optional in the contract: servers without the gazetteer answer stations only.
      setResults({
        query: q,
        stations: res.results,
        places: res.places ?? [],
        attribution: res.attribution ?? null,
      });
    } catch (err) {
      if (controller.current === c && !c.signal.aborted)
        setError(navigator.onLine ? (err as Error).message : t('finder.search.offline'));
    } finally {
      if (controller.current === c) setBusy(false);
    }
  }

  const empty = results && results.stations.length === 0 && results.places.length === 0;
  return (
    <div className="place-search">
      <search className="place-search__form">
        <form onSubmit={submit}>
          <label htmlFor="finder-search">{t('finder.search.label')}</label>
          <div className="place-search__row">
            <input
              id="finder-search"
              type="search"
              value={text}
              maxLength={100}
              autoComplete="off"
              placeholder={t('finder.search.placeholder')}
              onChange={(e) => setText(e.target.value)}
            />
            {/* Never disabled: a disabled default button would also block Enter, and a new query must always go. */}
            <button type="submit" className="button button--primary" aria-busy={busy}>
              {t(busy ? 'finder.search.searching' : 'finder.search.button')}
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
                  setResults(null);
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
                  setResults(null);
                }}
              >
                <strong>{h.name}</strong>
                {/* Stations of one brand share a name ("IGL"): the address, town and state tell them apart. */}
                <span>{[h.address, h.city, h.region, h.countryCode].filter(Boolean).join(', ')}</span>
                {h.distanceKm !== undefined && (
                  <span>
                    {h.bearingDeg !== undefined && h.distanceKm >= 0.05
                      ? t('finder.search.awayTowards', {
                          distance: formatDistanceKm(h.distanceKm),
                          cardinal: cardinalText(h.bearingDeg),
                        })
                      : t('finder.search.away', { distance: formatDistanceKm(h.distanceKm) })}
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
}
