import { type ComponentType, lazy } from 'react';

type PageModule = () => Promise<{ default: ComponentType }>;

/** A code-split page that can be loaded ahead of rendering (prerender, hydration) and then renders synchronously. */
export interface LazyPage {
  (): React.JSX.Element;
  preload: () => Promise<void>;
}

/** Wraps a dynamic import: React.lazy on first client navigation, a plain component once preloaded. */
export function lazyPage(load: PageModule): LazyPage {
  let Loaded: ComponentType | null = null;
  const Lazy = lazy(async () => {
    const mod = await load();
    Loaded = mod.default;
    return mod;
  });
  // Rendering the already-loaded component keeps hydration from suspending and replacing the prerendered HTML.
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route at module load, never during render.
  const Page = () => (Loaded ? <Loaded /> : <Lazy />);
  Page.preload = async () => {
    Loaded ??= (await load()).default;
  };
  return Page;
}
