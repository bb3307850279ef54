/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_SITE_NAME?: string;
  readonly VITE_SITE_PHONE?: string;
  readonly VITE_SITE_EMAIL?: string;
  readonly VITE_SITE_ADDRESS?: string;
  readonly VITE_SITE_SOCIAL_URL?: string;
  readonly VITE_SITE_CHAT_URL?: string;
  readonly VITE_SITE_APP_STORE_URL?: string;
  readonly VITE_SITE_OFFICE_LAT?: string;
  readonly VITE_SITE_OFFICE_LON?: string;
  readonly VITE_SITE_URL?: string;
  readonly VITE_TILE_URL?: string;
  readonly VITE_TILE_ATTRIBUTION?: string;
}
