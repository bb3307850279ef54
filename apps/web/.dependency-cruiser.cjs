/**
 * Import direction in the web app (`npm run deps:check`, run by `npm test`):
 *   shared (lib, components, config, content, styles, pwa) → features → app (app/, main.tsx, entry-server.tsx)
 * A layer imports only from layers before it, and no feature imports another: what two features need goes
 * into the shared layer. pwa/ (service worker, install, the offline report queue) is shared infrastructure.
 */
const SHARED = '^src/(lib|components|config|content|styles|pwa)/';
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
    {
      name: 'no-feature-imports-another',
      comment: 'A feature imports only itself and the shared layer; move what two features share into it.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
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
