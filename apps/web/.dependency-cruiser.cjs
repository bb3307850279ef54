/**
 * Import direction in the web app (`npm run deps:check`, run by `npm test`):
 *   shared (lib, components, config, content, styles, pwa, i18n, testing) → features → app (app/, main.tsx,
 *   entry-server.tsx)
 * A layer imports only from layers before it. The finder's capabilities are features of their own, each of
 * which may use only those listed before it (FEATURE_LAYERS); the finder puts them together on /App. Every
 * other feature (home, contact, moderation, …) imports no feature.
 */
const SHARED = '^src/(lib|components|config|content|styles|pwa|i18n|testing)/';
/** The finder's features, lowest first, with the features each may import. */
const FEATURE_LAYERS = {
  position: [],
  favourites: [],
  station: ['position', 'favourites'],
  map: ['station'],
  search: [],
  guidance: ['position', 'station'],
  coverage: ['station'],
  trip: ['station', 'map', 'search'],
  finder: ['position', 'favourites', 'station', 'map', 'search', 'guidance', 'coverage', 'trip'],
};
const layerRules = Object.entries(FEATURE_LAYERS).map(([feature, allowed]) => ({
  name: `feature-layer-${feature}`,
  comment: `features/${feature} may import only ${allowed.length ? allowed.join(', ') : 'no other feature'}.`,
  severity: 'error',
  from: { path: `^src/features/${feature}/` },
  to: {
    path: '^src/features/',
    pathNot: [`^src/features/${feature}/`, ...allowed.map((f) => `^src/features/${f}/`)],
  },
}));
const APP = '^src/(app/|main\\.tsx$|entry-server\\.tsx$)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-through-client-entry',
      severity: 'error',
      comment:
        "The browser imports @cng/shared through '@cng/shared/client' (or a narrower entry): the main entry " +
        'carries the API schemas, whose TypeBox builder is not tree-shaken (~5 kB gzip on /App).',
      from: { path: '^src/' },
      to: {
        path: 'packages/shared/src/(index|errors|nullable|proposals-api|station|stations-api|status-summary|status-api)\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'shared-imports-no-feature',
      comment:
        'lib, components, config, content, styles and pwa come before the features: they must not import one.',
      severity: 'error',
      from: { path: SHARED },
      to: { path: '^src/features/' },
    },
    {
      name: 'nothing-imports-the-app',
      comment:
        'Only the app shell (app/, main.tsx, entry-server.tsx) puts the pages together; nothing imports it.',
      severity: 'error',
      from: { pathNot: APP },
      to: { path: APP },
    },
    ...layerRules,
    {
      name: 'no-feature-imports-another',
      comment: "Outside the finder's layers, a feature imports only itself and the shared layer.",
      severity: 'error',
      from: {
        path: '^src/features/([^/]+)/',
        pathNot: `^src/features/(${Object.keys(FEATURE_LAYERS).join('|')})/`,
      },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
