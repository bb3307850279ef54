import { formatDistance, type SearchHit } from '@cng/shared';
import { type FormEvent, useRef, useState } from 'react';
import type { LonLat } from '../../../components/map/lat-lng';
import { searchStations } from '../api/finder-api';

/** Search by city, area or station name (the station search endpoint); picking a hit moves the finder there. */
export function PlaceSearch({ near, onPick }: { near: LonLat | null; onPick: (hit: SearchHit) => void }) {
  const [text, setText] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
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
    try {
      const res = await searchStations(q, near, c.signal);
      setHits(res.results);
    } catch (err) {
      if (!c.signal.aborted)
        setError(navigator.onLine ? (err as Error).message : 'You are offline: search needs a connection.');
    } finally {
      if (controller.current === c) setBusy(false);
    }
  }

  return (
    <div className="place-search">
      <search className="place-search__form">
        <form onSubmit={submit}>
          <label htmlFor="finder-search">Search a city, area or station</label>
          <div className="place-search__row">
            <input
              id="finder-search"
              type="search"
              value={text}
              maxLength={100}
              autoComplete="off"
              placeholder="e.g. Bari, Pune, Indraprastha"
              onChange={(e) => setText(e.target.value)}
            />
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Searching…' : 'Search'}
            </button>
          </div>
        </form>
      </search>
      {error && (
        <p className="finder-message finder-message--warn" role="alert">
          {error}
        </p>
      )}
      {hits && hits.length === 0 && (
        <p className="finder-message">No station matches “{text.trim()}”. Try a city name.</p>
      )}
      {hits && hits.length > 0 && (
        <ul className="place-search__hits" aria-label="Search results">
          {hits.map((h) => (
            <li key={h.id}>
              <button
                type="button"
                onClick={() => {
                  onPick(h);
                  setHits(null);
                }}
              >
                <strong>{h.name}</strong>
                <span>{[h.address, h.city, h.countryCode].filter(Boolean).join(', ')}</span>
                {h.distanceKm !== undefined && <span>{formatDistance(h.distanceKm)} away</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
