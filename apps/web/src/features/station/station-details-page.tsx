import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { LonLat } from '../../components/map/lat-lng';
import { t } from '../../i18n/i18n';
import { queryClient } from '../../lib/query-client';
import { StationDetails } from './station-details';
import './station.css';

/** Live distance on the deep-link page only when location was already granted: this page never prompts. */
function useGrantedPosition(): LonLat | null {
  const [position, setPosition] = useState<LonLat | null>(null);
  useEffect(() => {
    let watchId: number | null = null;
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (cancelled || status.state !== 'granted') return;
        watchId = navigator.geolocation.watchPosition(
          (p) => setPosition({ lon: p.coords.longitude, lat: p.coords.latitude }),
          () => undefined,
          { enableHighAccuracy: true, maximumAge: 10_000 },
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      if (watchId !== null) navigator.geolocation.clearWatch(watchId);
    };
  }, []);
  return position;
}

/** /stations/:stationId — one station as a shareable page. */
export default function StationDetailsPage() {
  const { stationId = '' } = useParams();
  const position = useGrantedPosition();
  return (
    <div className="container page-section station-page">
      <p>
        <Link to="/App">{t('finder.details.backToFinder')}</Link>
      </p>
      <QueryClientProvider client={queryClient}>
        <StationDetails stationId={stationId} position={position} headingLevel={1} />
      </QueryClientProvider>
    </div>
  );
}
