import type { StationSummary } from '@cng/shared/client';
import { toast } from 'react-toastify';
import { site } from '../../config/site';
import { pagePath, t } from '../../i18n/i18n';
import { shownName } from '../../lib/station-name';
import { toggleFavourite } from '../favourites/favourites-store';
import { useFavourites } from '../favourites/use-favourites';
import { navigationChoices, navigationLabel, navigationUrl } from './navigation-links';

/** The shareable deep link of a station on this site, in the page's language. */
export function stationUrl(id: string): string {
  const origin = typeof window === 'undefined' ? site.url : window.location.origin;
  return `${origin}${pagePath(`/stations/${encodeURIComponent(id)}`)}`;
}

async function share(station: StationSummary) {
  const url = stationUrl(station.id);
  const data = { title: shownName(station), text: t('finder.share.text', { name: shownName(station) }), url };
  if (navigator.share && navigator.canShare?.(data) !== false) {
    try {
      await navigator.share(data);
      return;
    } catch (err) {
      // The driver closed the share sheet: nothing to do.
      if ((err as DOMException).name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(t('finder.share.copied'));
  } catch {
    // Clipboard blocked (permissions, insecure context): show the link so it can be copied by hand.
    window.prompt(t('finder.share.copyPrompt'), url);
  }
}

/** Navigate (platform default first, others offered), Share, Favourite. */
export function StationActions({ station }: { station: StationSummary }) {
  const favourites = useFavourites();
  const isFavourite = favourites.some((f) => f.id === station.id);
  const [first, ...others] = navigationChoices(typeof navigator === 'undefined' ? '' : navigator.userAgent);
  return (
    <div className="station-actions">
      <a
        className="button button--primary"
        href={navigationUrl(first!, station.lon, station.lat, station.name)}
        target="_blank"
        rel="noopener noreferrer"
      >
        {t('finder.navigation.with', { app: navigationLabel(first!) })}
      </a>
      <details className="station-actions__more">
        <summary>{t('finder.navigation.others')}</summary>
        <ul>
          {others.map((app) => (
            <li key={app}>
              <a
                href={navigationUrl(app, station.lon, station.lat, station.name)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {navigationLabel(app)}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <button type="button" className="button" onClick={() => void share(station)}>
        {t('finder.share.button')}
      </button>
      <button
        type="button"
        className="button"
        aria-pressed={isFavourite}
        onClick={() => toggleFavourite(station)}
      >
        {t(isFavourite ? 'finder.favourites.saved' : 'finder.favourites.save')}
      </button>
    </div>
  );
}
