// The station-import slice's public entry: what the server and the proposals slice use of the import engine
// (importers, plan, run, merge and the CLI stay inside; ADR 0015).

export { runImport } from './import-run';
export { loadRegionLookup, type RegionLookup } from './importers/region-lookup';
export { isRejection, type RawRow, validateRow } from './importers/validate-row';
export { runStartupImport } from './startup-import';
