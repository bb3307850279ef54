// Import directions of the API (ADR 0015). `npm run deps:check` (part of `npm test`) fails on any violation.
//
// - Platform (config/, db/, plugins/, lib/, geo/, routing/) is the floor: it never imports a slice or the app.
// - Slices (stations/, places/, station-import/, status/, contact/, proposals/, health/, coverage/, candidates/) own
//   their routes, schemas, repositories and domain code. Another slice, and the composition root (app.ts,
//   server.ts, types.d.ts), may import a slice only through its public entry: the file named after its folder (stations/stations.ts, …); server.ts
//   also starts the station index build (stations/station-index-build.ts) before it loads the app (ADR 0023).
// - places/ is below the other slices: they use place search, it imports no slice (stations' routes included).
// - No cycles, type-only imports included.
// - Production code never imports a test, a test helper or a devDependency.
// - Test code (*.test.ts, the helpers tests share in test-support/, the generated-request tests in fuzz/) may
//   build the whole app and set up state through any module: the direction and SQL rules bind production code;
//   no cycles and nothing unresolvable hold for all code.
// - SQL only in repositories: outside them, Kysely may be imported for its types only, and neither the SQLite
//   connection under a Db nor a database driver at all.
const SLICES = '(stations|places|station-import|status|contact|proposals|health|coverage|candidates)';
const ENTRY = '^src/([^/]+)/\\1\\.ts$';
/** Test code: test files, the helpers they share and the generated-request tests with their generators. */
const TEST_CODE = ['\\.test\\.ts$', '^src/test-support/', '^src/fuzz/'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other in a circle cannot be understood (or tested) one at a time.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'platform-imports-no-slice',
      severity: 'error',
      comment: 'config/, db/, plugins/, lib/, geo/ and routing/ serve every slice and know none of them.',
      from: { path: '^src/(config|db|plugins|lib|geo|routing)/', pathNot: TEST_CODE },
      to: { path: [`^src/${SLICES}/`, '^src/(app|server)\\.ts$'] },
    },
    {
      name: 'slice-through-public-entry',
      severity: 'error',
      comment: 'A slice uses another slice only through that slice’s entry file (<slice>/<slice>.ts).',
      from: { path: `^src/${SLICES}/`, pathNot: TEST_CODE },
      to: { path: `^src/${SLICES}/`, pathNot: ['^src/$1/', ENTRY] },
    },
    {
      name: 'places-imports-no-slice',
      severity: 'error',
      comment:
        'Place search serves the station search route, the display names of imports and coverage (ADR 0035): ' +
        'it knows none of them, so none of their changes, routes included, can break it or form a circle.',
      from: { path: '^src/places/', pathNot: TEST_CODE },
      to: { path: `^src/${SLICES}/`, pathNot: '^src/places/' },
    },
    {
      name: 'root-through-public-entry',
      severity: 'error',
      comment:
        'app.ts, server.ts and types.d.ts compose the slices through their entry files only. server.ts may ' +
        'also start the station index build before it loads the app (ADR 0023): that file is light on purpose.',
      from: { path: '^src/[^/]+\\.ts$' },
      to: { path: `^src/${SLICES}/`, pathNot: [ENTRY, '^src/stations/station-index-build\\.ts$'] },
    },
    {
      name: 'sql-only-in-repositories',
      severity: 'error',
      comment:
        'Queries are built only in repositories (*-repository.ts), the database ' +
        'set-up and migrations (ADR 0015); other code may import Kysely types, not its query builder or sql.',
      from: {
        path: '^src/',
        pathNot: [
          ...TEST_CODE,
          '-repository\\.ts$',
          '^src/db/(database|dialect)\\.ts$',
          '^src/db/migrations/',
        ],
      },
      to: { path: 'node_modules/kysely/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'raw-connections-only-in-repositories',
      severity: 'error',
      comment:
        'SQL sent past Kysely — on the SQLite connection under a Db (db/sqlite-connection.ts) or on a pg ' +
        'client — is written only in repositories, the database set-up and migrations (ADR 0015). ' +
        'db/change-feed.ts, which LISTENs and NOTIFYs on a pg client it is given, passes because it imports ' +
        'pg for its types only: no rule can see SQL sent on a client passed in.',
      from: {
        path: '^src/',
        pathNot: [
          ...TEST_CODE,
          '-repository\\.ts$',
          '^src/db/(database|dialect|sqlite-connection)\\.ts$',
          '^src/db/migrations/',
        ],
      },
      to: {
        // A value import of pg resolves to its types package (@types/pg): the driver is matched either way.
        path: ['^src/db/sqlite-connection\\.ts$', 'node_modules/(@types/)?(pg|better-sqlite3)/'],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'production-imports-no-test',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST_CODE },
      to: { path: TEST_CODE },
    },
    {
      name: 'production-imports-no-dev-dependency',
      severity: 'error',
      comment: 'A devDependency is not installed in production (npm ci --omit=dev).',
      from: { path: '^src/', pathNot: TEST_CODE },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
