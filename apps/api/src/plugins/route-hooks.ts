/**
 * A route's own hooks of one phase (none, one, or a list, as Fastify's route options hold them) with `hook`
 * added first or last: for plugins that hook only some routes, in `onRoute`.
 */
export function withRouteHook<H>(own: H | H[] | undefined, hook: H, at: 'first' | 'last'): H[] {
  const list = own === undefined ? [] : Array.isArray(own) ? own : [own];
  return at === 'first' ? [hook, ...list] : [...list, hook];
}
