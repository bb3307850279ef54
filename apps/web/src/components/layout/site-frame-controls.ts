/**
 * The site frame's two controls as plain DOM behaviour: the mobile menu and the scroll-to-top button. Content
 * pages hydrate late (ADR 0027), and these must answer the first tap on the prerendered page: the entry module
 * attaches them at once, and the React components attach the same controller to the same elements (each
 * element gets one). React renders their markup and never their open or shown state.
 */

export interface MenuControl {
  close(): void;
}

const menus = new WeakMap<HTMLElement, MenuControl>();

/**
 * The header's menu (`[data-menu-toggle]` opens `[data-menu]`, both inside `header`): the toggle's
 * aria-expanded is the state. A tap outside, Escape (focus back on the toggle) or a link inside closes it.
 */
export function attachMenu(header: HTMLElement): MenuControl | null {
  const known = menus.get(header);
  if (known) return known;
  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const nav = header.querySelector<HTMLElement>('[data-menu]');
  if (!toggle || !nav) return null;
  const setOpen = (open: boolean) => {
    toggle.setAttribute('aria-expanded', String(open));
    nav.toggleAttribute('data-open', open);
  };
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true';
  toggle.addEventListener('click', () => setOpen(!isOpen()));
  nav.addEventListener('click', (e) => {
    if ((e.target as Element).closest('a')) setOpen(false);
  });
  document.addEventListener('pointerdown', (e) => {
    if (isOpen() && !header.contains(e.target as Node)) setOpen(false);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    toggle.focus();
  });
  const control = { close: () => setOpen(false) };
  menus.set(header, control);
  return control;
}

/** Spec section 4: the scroll-to-top button shows once the page is scrolled more than 300 px. */
export const SCROLL_BUTTON_THRESHOLD_PX = 300;

const scrollButtons = new WeakSet<HTMLElement>();

/** Shows `button` (`hidden` while near the top) past the threshold; a click glides to the top. */
export function attachScrollTopButton(button: HTMLElement, scrollToTop: () => void): void {
  if (scrollButtons.has(button)) return;
  scrollButtons.add(button);
  const update = () => {
    button.hidden = window.scrollY <= SCROLL_BUTTON_THRESHOLD_PX;
  };
  update();
  window.addEventListener('scroll', update, { passive: true });
  button.addEventListener('click', scrollToTop);
}
