import { expect, type Locator, type Page, test } from '@playwright/test';
import { contrastRatio } from './finder-helpers';

async function openMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'About' })).toBeVisible();
  return { toggle: page.locator('.menu-toggle'), nav };
}

/** The element at the centre of `target`'s box is the target itself or inside it (nothing covers it). */
async function isUncovered(target: Locator) {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
}

test('a tap outside the open menu closes it @mobile', async ({ page }) => {
  await page.goto('/about');
  const { toggle, nav } = await openMenu(page);
  const menuBottom = (await nav.boundingBox())!;
  // A tap on plain page text below the menu.
  await page.touchscreen.tap(187, Math.min(720, menuBottom.y + menuBottom.height + 120));
  await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/\/about$/);
});

test('Escape closes the open menu and puts focus back on its toggle @mobile', async ({ page }) => {
  await page.goto('/about');
  const { toggle, nav } = await openMenu(page);
  await nav.getByRole('link', { name: 'Contact' }).focus();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
});

test('a tap on a link in the page closes the menu and the next page heading is not covered @mobile', async ({
  page,
}) => {
  await page.goto('/');
  const { toggle, nav } = await openMenu(page);
  // "For you" (to the finder) lies below the open menu, so the tap reaches it.
  const link = page.getByRole('main').getByRole('link', { name: 'For you' });
  const box = (await link.boundingBox())!;
  const navBox = (await nav.boundingBox())!;
  expect(box.y).toBeGreaterThan(navBox.y + navBox.height);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page).toHaveURL(/\/App$/);
  // The next page's own heading: while its code loads, the old page (and its heading) stays on screen, and a
  // check on that heading raced its removal (a detached element is "covered").
  const heading = page.getByRole('heading', { level: 1, name: /nearest CNG station/i });
  await expect(heading).toBeVisible();
  await expect(nav.getByRole('link', { name: 'About' })).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // Before: the menu stayed open over the new page and the point at the heading's centre was a menu link.
  expect(await isUncovered(heading)).toBe(true);
});

test('the same holds for a link in the menu: the next page heading is not covered @mobile', async ({
  page,
}) => {
  await page.goto('/');
  const { nav } = await openMenu(page);
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  const heading = page.getByRole('heading', { level: 1, name: /Pricing|Plans/i });
  await expect(heading).toBeVisible();
  expect(await isUncovered(heading)).toBe(true);
});

test('the toggle turns into a close "×" with aria-expanded and an accurate label while the menu is open @mobile', async ({
  page,
}) => {
  await page.goto('/');
  const bars = page.locator('.menu-toggle__bars');
  const barRotation = (which: '::before' | '::after') =>
    bars.evaluate((el, w) => getComputedStyle(el, w).transform, which);
  const middleBar = () => bars.evaluate((el) => getComputedStyle(el).backgroundColor);

  const closed = page.getByRole('button', { name: 'Open menu' });
  await expect(closed).toHaveAttribute('aria-expanded', 'false');
  expect(await barRotation('::before')).toBe('none');
  expect(await barRotation('::after')).toBe('none');
  expect(await middleBar()).not.toBe('rgba(0, 0, 0, 0)');

  await closed.click();
  const open = page.getByRole('button', { name: 'Close menu' });
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  // The outer bars cross at ±45° and the middle one disappears: an "×", not a hamburger.
  const angle = (m: string) => {
    if (m === 'none') return 0;
    const [a, b] = m
      .match(/matrix\(([^)]+)\)/)![1]!
      .split(',')
      .map(Number);
    return Math.round((Math.atan2(b!, a!) * 180) / Math.PI);
  };
  await expect.poll(async () => angle(await barRotation('::before'))).toBe(45);
  expect(angle(await barRotation('::after'))).toBe(-45);
  expect(await middleBar()).toBe('rgba(0, 0, 0, 0)');

  await open.click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  expect(await barRotation('::before')).toBe('none');
});

/** Tabs to `link` (as :focus-visible needs) and reads its focus ring and the colour behind it. */
async function focusRingOf(page: Page, link: Locator) {
  for (let i = 0; i < 30 && !(await link.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(link).toBeFocused();
  return link.evaluate((el) => {
    const style = getComputedStyle(el);
    let bg = 'rgba(0, 0, 0, 0)';
    for (let n: Element | null = el; n; n = n.parentElement) {
      const c = getComputedStyle(n).backgroundColor;
      if (c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent') {
        bg = c;
        break;
      }
    }
    return {
      colour: style.outlineColor,
      style: style.outlineStyle,
      width: Number.parseFloat(style.outlineWidth),
      // Any box-shadow ring drawn around the outline.
      shadowColours: style.boxShadow.match(/rgba?\([^)]*\)/g) ?? [],
      background: bg,
    };
  });
}

test('a focused link on a white page shows a ring of at least 3:1 against the page @desktop', async ({
  page,
}) => {
  await page.goto('/about');
  // The header's links sit on white.
  const ring = await focusRingOf(
    page,
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }),
  );
  const colours = [...(ring.style === 'none' ? [] : [ring.colour]), ...ring.shadowColours];
  const best = Math.max(...colours.map((c) => contrastRatio(c, ring.background)));
  // Before: amber (#f2a900) alone, 2.0:1 on white.
  expect(best, `ring ${colours.join(', ')} on ${ring.background}`).toBeGreaterThanOrEqual(3);
});

test('the banner\'s "Open the app" link shows a focus ring of at least 3:1 against the banner', async ({
  page,
}) => {
  await page.goto('/');
  const ring = await focusRingOf(page, page.getByRole('link', { name: 'Open the app' }));
  expect(ring.style).not.toBe('none');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  // Before: amber (#f2a900) on the amber banner, 1:1.
  expect(contrastRatio(ring.colour, ring.background)).toBeGreaterThanOrEqual(3);
});
