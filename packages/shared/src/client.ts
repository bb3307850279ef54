// What the web app may import from @cng/shared ('@cng/shared/client'): constants, words and helpers, and the
// types of the API's answers, but none of the TypeBox schemas, whose builder would otherwise ride along in the
// browser's bundles (module-level schema calls are not tree-shaken). The API imports '@cng/shared'.
export type * from './candidates-api';
export * from './companies';
export * from './contact-limits';
export type * from './coverage-api';
export type * from './errors';
export * from './format';
export * from './geo';
export * from './limits';
export * from './locales';
export * from './price-age';
export type * from './proposals-api';
export * from './routes';
export type * from './station';
export type * from './stations-api';
export type * from './status-api';
export type * from './status-summary';
export * from './status-words';
