import type { StationSummary } from '@cng/shared';
import { toast } from 'react-toastify';
import { site } from '../../../config/site';
import { shownName } from '../../../lib/station-name';
import { useFavourites } from '../hooks/use-favourites';
import { toggleFavourite } from '../utils/favourites-store';
import { NAVIGATION_LABELS, navigationChoices, navigationUrl } from '../utils/navigation-links';

/** The shareable deep link of a station on this site. */
export function stationUrl(id: string): string {
  const origin = typeof window === 'undefined' ? site.url : window.location.origin;
  return `${origin}/stations/${encodeURIComponent(id)}`;
}

async function share(station: StationSummary) {
  const url = stationUrl(station.id);
  const data = { title: shownName(station), text: `${shownName(station)} – CNG station`, url };
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
    toast.success('Link copied.');
  } catch {
    // Clipboard blocked (permissions, insecure context): show the link so it can be copied by hand.
    window.prompt('Copy this link:', url);
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
        Navigate with {NAVIGATION_LABELS[first!]}
      </a>
      <details className="station-actions__more">
        <summary>Other navigation apps</summary>
        <ul>
          {others.map((app) => (
            <li key={app}>
              <a
                href={navigationUrl(app, station.lon, station.lat, station.name)}
                target="_blank"
                rel="noopener noreferrer"
              >
                {NAVIGATION_LABELS[app]}
              </a>
            </li>
          ))}
        </ul>
      </details>
      <button type="button" className="button" onClick={() => void share(station)}>
        Share
      </button>
      <button
        type="button"
        className="button"
        aria-pressed={isFavourite}
        onClick={() => toggleFavourite(station)}
      >
        {isFavourite ? '★ Saved (remove)' : '☆ Save to favourites'}
      </button>
    </div>
  );
}
