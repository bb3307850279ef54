// Vite plugin for the message catalogs (src/i18n/messages/<namespace>/<locale>.json, docs/decisions/0017-i18n.md):
// - compiles each ICU message at build time into Lingui's compact form, so the browser runs no message parser;
//   a message that is not valid ICU fails the build, naming its catalog and key;
// - in the client build, writes every catalog as a static file, assets/i18n/<namespace>.<locale>.<hash>.json,
//   which the page fetches for its own language only (the code holds one hash, not a table of 80 chunk names);
// - imported as JSON (dev server, tests, the prerendering bundle), a catalog is compiled the same way.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parse } from '@messageformat/parser';
import type { Plugin } from 'vite';

export const CATALOG_FILE = /[\\/]src[\\/]i18n[\\/]messages[\\/][a-z-]+[\\/][a-z]{2}\.json$/;

/** `{ key: "ICU text" }` → `{ key: compiled }`; throws on a message that does not parse. */
export function compileCatalog(source: string, file = 'catalog'): Record<string, unknown> {
  const catalog: Record<string, unknown> = JSON.parse(source);
  const compiled: Record<string, unknown> = {};
  for (const [key, message] of Object.entries(catalog)) {
    if (typeof message !== 'string') throw new Error(`${file}: ${key} is not a string`);
    try {
      // compileMessage only logs a syntax error: parse first, so a broken message stops the build.
      parse(message);
      compiled[key] = compileMessage(message);
    } catch (error) {
      throw new Error(
        `${file}: ${key} is not a valid ICU message: ${error instanceof Error ? error.message : error}`,
      );
    }
  }
  return compiled;
}

/** Every catalog compiled, keyed `<namespace>.<locale>`, and one hash of them all (the files' cache key). */
export function compileAllCatalogs(messagesDir: string): { files: Map<string, string>; hash: string } {
  const files = new Map<string, string>();
  const hash = createHash('sha256');
  for (const namespace of fs.readdirSync(messagesDir).sort()) {
    const dir = path.join(messagesDir, namespace);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.json')) continue;
      const json = JSON.stringify(
        compileCatalog(fs.readFileSync(path.join(dir, file), 'utf8'), `${namespace}/${file}`),
      );
      const name = `${namespace}.${file.slice(0, -'.json'.length)}`;
      files.set(name, json);
      hash.update(name).update(json);
    }
  }
  return { files, hash: hash.digest('hex').slice(0, 10) };
}

/** The URL a client build serves catalog `namespace` of `locale` at. */
export const catalogUrl = (namespace: string, locale: string, hash: string) =>
  `/assets/i18n/${namespace}.${locale}.${hash}.json`;

export function icuMessages(): Plugin {
  const messagesDir = path.resolve(import.meta.dirname, '../src/i18n/messages');
  let compiled = compileAllCatalogs(messagesDir);
  let ssr = false;
  return {
    name: 'cng-icu-messages',
    enforce: 'pre',
    config(_config, env) {
      compiled = compileAllCatalogs(messagesDir);
      ssr = Boolean(env.isSsrBuild);
      return { define: { __CATALOG_HASH__: JSON.stringify(compiled.hash) } };
    },
    transform(code: string, id: string) {
      const file = id.split('?')[0] ?? id;
      if (!CATALOG_FILE.test(file)) return null;
      // Still JSON: Vite's own JSON plugin turns it into a module after this.
      return { code: JSON.stringify(compileCatalog(code, file)), map: null };
    },
    generateBundle() {
      if (ssr) return;
      for (const [name, json] of compiled.files) {
        const [namespace, locale] = name.split('.') as [string, string];
        this.emitFile({
          type: 'asset',
          fileName: catalogUrl(namespace, locale, compiled.hash).slice(1),
          source: json,
        });
      }
    },
  };
}
