// The station-import slice's one entry: what the server, the proposals slice, the tests and the benches use of
// the import engine (importers, plan, run, merge and the CLI stay inside; ADR 0015). importStations reads and
// imports files; runImport imports a run already parsed; runStartupImport fills an empty database at start.

export { importStations, runImport } from './import-run';
export { INFERRED_SOURCES } from './importers/india-open';
export { parseJson, readInput } from './importers/read-input';
export { loadRegionLookup, type RegionLookup } from './importers/region-lookup';
export type { Rejection } from './importers/station-record';
export { isRejection, type RawRow, validateRow } from './importers/validate-row';
export { runStartupImport } from './startup-import';
