import { site } from '../../config/site';

const ZOOM = 17;

/**
 * A map preview without a map library: the one tile at zoom 17 (~300 m across) that holds the point, with a
 * marker at the point's pixel. Enough for a moderator to see where a proposal is.
 */
export function TilePreview({ lon, lat, label }: { lon: number; lat: number; label: string }) {
  const n = 2 ** ZOOM;
  const xf = ((lon + 180) / 360) * n;
  const latRad = (lat * Math.PI) / 180;
  const yf = ((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * n;
  const x = Math.floor(xf);
  const y = Math.floor(yf);
  const src = site.tiles.url
    .replace('{s}', 'a')
    .replace('{z}', String(ZOOM))
    .replace('{x}', String(x))
    .replace('{y}', String(y));
  return (
    <figure className="tile-preview">
      <div className="tile-preview__frame">
        <img src={src} width={256} height={256} alt={`Map around ${label}`} loading="lazy" />
        <span
          className="tile-preview__pin"
          style={{ left: `${(xf - x) * 100}%`, top: `${(yf - y) * 100}%` }}
          aria-hidden="true"
        />
      </div>
      <figcaption>
        {lat.toFixed(5)}, {lon.toFixed(5)} · <small>{site.tiles.attribution}</small>
      </figcaption>
    </figure>
  );
}
