// The coverage slice's public entry (ADR 0015, 0030): how complete the station list is at a point and by area.
export { default as coveragePlugin } from './coverage-plugin';
export type { CoverageService } from './coverage-service';
