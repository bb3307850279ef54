/** Reads an optional build-time override; empty strings count as unset. */
const env = (value: string | undefined): string | null => value?.trim() || null;

function coordinate(value: string | undefined, fallback: number, min: number, max: number): number {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= min && n <= max ? n : fallback;
}

export interface SiteConfig {
  name: string;
  tagline: string;
  description: string;
  /** Canonical origin for sitemap, Open Graph and share links. */
  url: string;
  address: string;
  /** Company contact facts are shown only when configured: we never print a made-up number or address. */
  phone: string | null;
  email: string | null;
  socialUrl: string | null;
  chatUrl: string | null;
  appStoreUrl: string | null;
  /** The office on the contact map: lon, lat. Default: central Chennai. */
  office: { lon: number; lat: number; label: string };
  tiles: { url: string; attribution: string };
}

/** Every company fact in one place; override at build time with VITE_SITE_* (see README). */
export const site: SiteConfig = {
  name: env(import.meta.env.VITE_SITE_NAME) ?? 'CNG Navigator',
  tagline: 'Easily find the nearest CNG pump station',
  description:
    'CNG Navigator shows drivers of CNG vehicles the nearest CNG pump station with live direction, speed and ' +
    'distance from their phone’s GPS, and what other drivers report about gas, pressure and queues.',
  url: env(import.meta.env.VITE_SITE_URL) ?? 'http://localhost:8080',
  address: env(import.meta.env.VITE_SITE_ADDRESS) ?? 'Chennai, Tamil Nadu, India',
  phone: env(import.meta.env.VITE_SITE_PHONE),
  email: env(import.meta.env.VITE_SITE_EMAIL),
  socialUrl: env(import.meta.env.VITE_SITE_SOCIAL_URL),
  chatUrl: env(import.meta.env.VITE_SITE_CHAT_URL),
  appStoreUrl: env(import.meta.env.VITE_SITE_APP_STORE_URL),
  office: {
    lon: coordinate(import.meta.env.VITE_SITE_OFFICE_LON, 80.2707, -180, 180),
    lat: coordinate(import.meta.env.VITE_SITE_OFFICE_LAT, 13.0827, -90, 90),
    label: 'Our office in Chennai',
  },
  tiles: {
    url: env(import.meta.env.VITE_TILE_URL) ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution:
      env(import.meta.env.VITE_TILE_ATTRIBUTION) ??
      '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  },
};
