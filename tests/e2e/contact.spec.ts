import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { holdBack } from './hold-back';

const SUCCESS = "Hey! Our team received your message. We'll get back to you soon!";
const NOT_SENT = 'Sorry, your message was not sent. Please try again.';

const fields = (page: Page) => ({
  name: page.getByLabel('Your name'),
  email: page.getByLabel('Your e-mail address'),
  message: page.getByLabel('Your message'),
});

async function fill(page: Page, name: string, email: string, message: string) {
  const f = fields(page);
  await f.name.fill(name);
  await f.email.fill(email);
  await f.message.fill(message);
}

test('sends a message: spinner while sending, the exact success toast, fields cleared @desktop', async ({
  page,
}, info) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
  await expect(page.getByText('Send Your Queries')).toBeVisible();
  await page.screenshot({ path: `/tmp/c8-shots/contact-${info.project.name}.png`, fullPage: true });
  // Hold the real request until the spinner has been checked (a fixed delay raced a loaded machine: the answer
  // came back and the form returned before the check ran); it then reaches the real API.
  const release = await holdBack(page, '**/api/contact');
  await fill(page, 'Playwright Test', 'e2e@example.in', `Browser test from ${info.project.name}`);
  const answer = page.waitForResponse('**/api/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  const spinner = page.getByRole('status').filter({ hasText: 'Sending your message' });
  await expect(spinner).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send message' })).toHaveCount(0);
  await page.screenshot({ path: `/tmp/c8-shots/contact-sending-${info.project.name}.png` });
  release();
  expect((await answer).status()).toBe(201);
  const toast = page.getByRole('alert').filter({ hasText: SUCCESS });
  await expect(toast).toHaveText(SUCCESS);
  // It slides in from the right: wait until it is really on screen.
  await expect(toast).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: `/tmp/c8-shots/contact-sent-${info.project.name}.png` });
  const f = fields(page);
  await expect(f.name).toHaveValue('');
  await expect(f.email).toHaveValue('');
  await expect(f.message).toHaveValue('');
});

for (const [label, fail] of [
  [
    'the server answers 500',
    (route: import('@playwright/test').Route) =>
      route.fulfill({ status: 500, json: { error: 'Internal Server Error', message: 'x' } }),
  ],
  [
    'the network drops the request',
    (route: import('@playwright/test').Route) => route.abort('connectionreset'),
  ],
] as const) {
  test(`keeps the values and shows the error toast when ${label} @desktop`, async ({ page }) => {
    await page.route('**/api/contact', fail);
    await page.goto('/contact');
    await fill(page, 'Asha', 'asha@example.in', 'Is Adyar open at night?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('alert').filter({ hasText: NOT_SENT })).toBeInViewport({ ratio: 1 });
    const f = fields(page);
    await expect(f.name).toHaveValue('Asha');
    await expect(f.email).toHaveValue('asha@example.in');
    await expect(f.message).toHaveValue('Is Adyar open at night?');
    await expect(page.getByText(SUCCESS)).toHaveCount(0);
  });
}

test('asks to wait when the server says too many messages (429) @desktop', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '300' },
      json: { error: 'Too Many Requests', message: 'x' },
    }),
  );
  await page.goto('/contact');
  await fill(page, 'Asha', 'asha@example.in', 'Hello');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText(/Please wait about 5 minutes and try again/)).toBeVisible();
  await expect(fields(page).message).toHaveValue('Hello');
});

test('a message typed and sent before the app has hydrated the page (slow phone) is sent once it has @desktop', async ({
  page,
}) => {
  // The app's code is held back, as on a slow 3G connection: the prerendered form is typed into and sent first.
  const release = await holdBack(page, '**/assets/boot-*.js');
  await page.goto('/contact');
  await fill(page, 'Ravi', 'ravi@example.in', 'Typed before the page was ready');
  const sent = page.waitForRequest('**/api/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.locator('form.contact-form')).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('#root[data-live]')).toHaveCount(0);
  expect(page.url()).toMatch(/\/contact$/);
  release();
  expect((await sent).postDataJSON()).toMatchObject({
    name: 'Ravi',
    email: 'ravi@example.in',
    message: 'Typed before the page was ready',
  });
  await expect(page.getByRole('alert').filter({ hasText: SUCCESS })).toBeVisible();
});

test('shows validation messages next to the fields and sends nothing', async ({ page }, info) => {
  let posted = 0;
  await page.route('**/api/contact', (route) => {
    posted++;
    return route.abort();
  });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Send message' }).click();
  const f = fields(page);
  await expect(f.name).toHaveAttribute('aria-invalid', 'true');
  await expect(f.name).toHaveAccessibleDescription('Please enter your name.');
  await expect(f.email).toHaveAccessibleDescription('Please enter your e-mail address.');
  await expect(f.message).toHaveAccessibleDescription('Please write your message.');
  await expect(f.name).toBeFocused();
  await f.email.fill('asha@example');
  await expect(f.email).toHaveAccessibleDescription(
    'Please enter a valid e-mail address, like name@example.com.',
  );
  await page.screenshot({ path: `/tmp/c8-shots/contact-invalid-${info.project.name}.png`, fullPage: true });
  expect(posted).toBe(0);
});

test('the map behind the form is inert decoration and the form passes axe checks', async ({ page }) => {
  // Tiles that never load must not matter.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await page.goto('/contact');
  const map = page.getByTestId('office-map');
  await expect(map).toHaveAttribute('aria-hidden', 'true');
  await expect(map).toHaveAttribute('inert', '');
  await expect(map.locator('.leaflet-container')).toHaveCount(1);
  // Keyboard users go straight from the page into the form fields, never into the map.
  await fields(page).name.focus();
  await page.keyboard.press('Shift+Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="office-map"]'))).toBe(
    false,
  );
  const results = await new AxeBuilder({ page }).include('.contact-stage').analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
