// Leaflet's ES source modules (leaflet/src) ship without types; ./leaflet.ts gives them @types/leaflet's.
declare module 'leaflet/src/*';
