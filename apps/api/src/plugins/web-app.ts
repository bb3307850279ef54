import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_LOCALE,
  isKnownClientRoute,
  type Locale,
  localeBasename,
  localeCookie,
  localeFromCookie,
  localePath,
  parseAcceptLanguage,
  pickLocale,
  reachedByLanguageLink,
  splitLocalePath,
} from '@cng/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_PARAM_LENGTH } from './error-handler';

/**
 * Serves the built web app: hashed assets cached for a year, HTML always revalidated, prerendered pages
 * where the build made them, the SPA shell for other client routes, and the not-found page with HTTP 404.
 */
export default fp(async function webApp(app: FastifyInstance, opts: { webDist: string }) {
  const root = path.resolve(opts.webDist);
  const hasBuild = fs.existsSync(path.join(root, 'index.html'));
  // Builds from before the shell existed fall back to index.html (the "/" page, which the client re-renders).
  const shell = fs.existsSync(path.join(root, 'shell.html')) ? 'shell.html' : 'index.html';
  const notFoundPage = fs.existsSync(path.join(root, '404.html')) ? '404.html' : 'index.html';
  if (!hasBuild) app.log.warn({ root }, 'web app is not built (run npm run build); only the API is served');

  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Source maps stay on the server (ADR 0013): they would publish the whole source, comments included.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        const rel = path.relative(root, filePath);
        if (rel.startsWith(`assets${path.sep}`))
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        else if (/\.(html|webmanifest)$|^sw\.js$|^registerSW\.js$/.test(rel))
          res.header('Cache-Control', 'no-cache');
        else res.header('Cache-Control', 'public, max-age=86400');
      },
    });
  }

  /**
   * A page of the language of `urlPath` (`/hi/…`: the build's hi/ folder) when the build has it, else the
   * English one: builds made before the site spoke other languages have only those.
   */
  const inLanguageOf = (urlPath: string, file: string): string => {
    const folder = localeBasename(splitLocalePath(urlPath).locale).slice(1);
    return folder && fs.existsSync(path.join(root, folder, file)) ? path.join(folder, file) : file;
  };

  /** The prerendered HTML for a route when the build has it, else the SPA shell (site frame, "Loading…"). */
  const pageFor = (urlPath: string): string => {
    const clean = urlPath.replace(/\/+$/, '') || '/';
    const candidate = path.join(root, clean === '/' ? '' : clean, 'index.html');
    // The resolved path must stay inside the build folder (no ../ tricks).
    if (candidate.startsWith(root) && fs.existsSync(candidate)) return path.relative(root, candidate);
    return inLanguageOf(urlPath, shell);
  };

  const sendHtml = (reply: FastifyReply, file: string, status: number) =>
    reply.code(status).header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(file);

  /** The methods the API's routes take, for naming the right one when a request uses another. */
  const ROUTE_METHODS = ['GET', 'POST'] as const;
  const isApi = (urlPath: string) => urlPath === '/api' || urlPath.startsWith('/api/');
  const apiNotFound = (reply: FastifyReply, method: string, urlPath: string) => {
    // A segment too long to be any route's parameter (an id of 5,000 characters) is the path's fault.
    if (urlPath.split('/').some((segment) => segment.length > MAX_PARAM_LENGTH)) {
      const problem = `has a segment longer than ${MAX_PARAM_LENGTH} characters`;
      return reply
        .code(414)
        .send({ error: 'URI Too Long', message: `path ${problem}`, details: [{ field: 'path', problem }] });
    }
    // The path of a route that takes other methods: the method is what is wrong, and the answer says which.
    // Found by a route of its own, not by the pages' catch-all (`/*`, whose match has a `*` parameter).
    const allowed = ROUTE_METHODS.filter((m) => {
      const found = m !== method && app.findRoute({ method: m, url: urlPath });
      return found && !('*' in (found.params ?? {}));
    });
    const detail = allowed.length
      ? { field: 'method', problem: `${method} is not accepted here: use ${allowed.join(' or ')}` }
      : { field: 'path', problem: 'is not an API endpoint' };
    return reply
      .code(404)
      .send({ error: 'Not Found', message: `No API endpoint ${method} ${urlPath}`, details: [detail] });
  };

  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (isApi(urlPath)) return apiNotFound(reply, request.method, urlPath);
    return reply.code(404).send({ error: 'Not Found', message: `Cannot ${request.method} ${urlPath}` });
  });

  if (!hasBuild) {
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      if (isApi(urlPath)) return apiNotFound(reply, request.method, urlPath);
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    });
    return;
  }

  // Pages are answered by real routes, not the not-found handler: route hooks (compression) only run on routes.
  const page = (request: FastifyRequest, reply: FastifyReply) => {
    const [urlPath = '/', query] = splitUrl(request.url);
    if (isApi(urlPath)) return apiNotFound(reply, 'GET', urlPath);
    const unprefixed = splitLocalePath(urlPath).locale === DEFAULT_LOCALE;
    // A browser's navigation to an English address is answered by the driver's language: caches must keep one
    // answer per language and cookie. Not on fetches, which always get the page itself: the service worker
    // stores its English pages from those, and a Vary naming request headers would keep its cache from
    // matching the navigations it answers offline (revalidation, Cache-Control: no-cache, still asks here).
    const navigation = isNavigation(request);
    if (unprefixed && navigation) reply.header('Vary', 'Accept-Language, Cookie, Sec-Fetch-Mode, Referer');
    if (isKnownClientRoute(urlPath)) {
      // English picked in the menu of a page in another language, maybe before that page's code ran (nothing
      // remembered it then): this answer remembers it, instead of sending the driver back to that language.
      const choseEnglish =
        unprefixed && navigation && reachedByLanguageLink(request.headers.referer, request.host, urlPath);
      if (choseEnglish)
        reply.header('Set-Cookie', localeCookie(DEFAULT_LOCALE, request.protocol === 'https'));
      const locale = unprefixed && navigation && !choseEnglish ? preferredLocale(request) : DEFAULT_LOCALE;
      if (locale !== DEFAULT_LOCALE) {
        const target = localePath(locale, urlPath);
        return reply
          .header('Cache-Control', 'no-cache')
          .redirect(query === undefined ? target : `${target}?${query}`, 302);
      }
      return sendHtml(reply, pageFor(urlPath), 200);
    }
    return sendHtml(reply, inLanguageOf(urlPath, notFoundPage), 404);
  };
  // "/" is a route in its own right (static serving has no index); every other GET path that is not a file.
  app.get('/', { schema: { hide: true } }, page);
  app.get('/*', { schema: { hide: true } }, page);
});

const splitUrl = (url: string): [string, string | undefined] => {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
};

/** A browser's own navigation to a page (not a fetch): Sec-Fetch-Mode, or an HTML Accept where it is missing. */
function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  const accept = request.headers.accept;
  return !accept || /text\/html|\*\/\*/.test(accept);
}

/**
 * The language an English (unprefixed) page address should open in for a navigation (ADR 0017): the remembered
 * choice (cookie `cng_lang`) first, else the browser's best supported language. Crawlers (no Accept-Language)
 * and `cng_lang=en` stay in English, so no address is hidden; prefixed addresses never come here (no loops).
 */
function preferredLocale(request: FastifyRequest): Locale {
  const remembered = localeFromCookie(request.headers.cookie);
  if (remembered) return remembered;
  return pickLocale(parseAcceptLanguage(request.headers['accept-language'])) ?? DEFAULT_LOCALE;
}
