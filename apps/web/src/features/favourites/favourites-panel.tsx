import { bearingDeg, distanceKm } from '@cng/shared/client';
import { type ChangeEvent, useRef } from 'react';
import type { LonLat } from '../../components/map/lat-lng';
import { t } from '../../i18n/i18n';
import { cardinalText } from '../../lib/cardinal';
import { shownName } from '../../lib/station-name';
import { useFormat } from '../../lib/use-format';
import { OfflineMarker } from '../../pwa/offline-marker';
import { exportFavourites, importFavourites } from './favourites-store';
import { useFavourites } from './use-favourites';

/** Saved stations with live distance from the current position; works offline from the saved copies. */
export function FavouritesPanel({
  position,
  dataAtMs,
  onOpen,
}: {
  position: LonLat | null;
  /** When the oldest saved copy was fetched (the offline marker says it); null when none is saved. */
  dataAtMs: (favourites: readonly { id: string; savedAt: string }[]) => number | null;
  onOpen: (id: string) => void;
}) {
  const format = useFormat();
  const favourites = useFavourites();
  const fileInput = useRef<HTMLInputElement>(null);
  const rows = favourites
    .map((f) => ({
      f,
      km: position ? distanceKm(position.lon, position.lat, f.station.lon, f.station.lat) : null,
      deg: position ? bearingDeg(position.lon, position.lat, f.station.lon, f.station.lat) : null,
    }))
    .sort((a, b) => (a.km ?? 0) - (b.km ?? 0));

  function download() {
    const url = URL.createObjectURL(new Blob([exportFavourites()], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'cng-navigator-favourites.json';
    a.click();
    URL.revokeObjectURL(url);
  }

  async function upload(e: ChangeEvent<HTMLInputElement>) {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    // react-toastify loads on this first toast: it is not part of opening /App.
    const { toast } = await import('react-toastify');
    try {
      const added = importFavourites(await file.text());
      toast.success(t('finder.favourites.added', { count: added }));
    } catch (err) {
      toast.error((err as Error).message);
    }
  }

  return (
    <section className="favourites" aria-labelledby="favourites-title" data-testid="favourites">
      <h2 id="favourites-title">{t('finder.favourites.title')}</h2>
      <OfflineMarker dataAtMs={dataAtMs(favourites)} />
      {rows.length === 0 ? (
        <p className="finder-message">{t('finder.favourites.empty')}</p>
      ) : (
        <ul className="favourites__list">
          {rows.map(({ f, km, deg }) => (
            <li key={f.id} data-station-id={f.id}>
              <button type="button" onClick={() => onOpen(f.id)}>
                <span className="favourites__name" translate="no">
                  {shownName(f.station)}
                </span>
                <span className="favourites__city">
                  {[f.station.city, f.station.countryCode].filter(Boolean).join(', ')}
                </span>
                <span className="favourites__distance" data-testid="favourite-distance">
                  {km === null || deg === null
                    ? t('finder.favourites.needsPosition')
                    : t('finder.distanceTowards', {
                        distance: format.distance(km),
                        cardinal: cardinalText(deg),
                      })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="favourites__tools">
        <button type="button" className="button" onClick={download} disabled={rows.length === 0}>
          {t('finder.favourites.export')}
        </button>
        <button type="button" className="button" onClick={() => fileInput.current?.click()}>
          {t('finder.favourites.import')}
        </button>
        <input
          ref={fileInput}
          type="file"
          accept="application/json,.json"
          hidden
          onChange={upload}
          aria-label={t('finder.favourites.importLabel')}
        />
      </div>
    </section>
  );
}
