import { afterEach, describe, expect, it } from 'vitest';
import { rememberPickedLocales } from './remember-locale';

// The prerendered menu as the server sends it, before React has hydrated anything: plain links, no handlers.
const PRERENDERED_MENU = `
  <details class="language-picker" open>
    <summary>हिन्दी</summary>
    <ul><li><a href="/pricing" hreflang="en" lang="en"><span>English</span></a></li>
        <li><a href="/ta/pricing" hreflang="ta" lang="ta">தமிழ்</a></li>
        <li><a href="/xx/pricing" hreflang="xx">Unknown</a></li></ul>
  </details>
  <a id="elsewhere" href="/about" hreflang="en">About</a>`;

const click = (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
// A click that would navigate jsdom away is cancelled after the document's listeners have seen it.
const stayOnPage = (e: Event) => e.preventDefault();

describe('a language picked in the prerendered menu, before the page is hydrated', () => {
  const doc = document.implementation.createHTMLDocument('picker');
  doc.body.innerHTML = PRERENDERED_MENU;
  rememberPickedLocales(doc);
  doc.addEventListener('click', stayOnPage);

  afterEach(() => {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the test's cookie.
    document.cookie = 'cng_lang=; Path=/; Max-Age=0';
    localStorage.clear();
  });

  it('is remembered in the cookie and in storage, also from a tap on the text inside the link', () => {
    click(doc.querySelector('a[hreflang="en"] span')!);
    expect(document.cookie).toContain('cng_lang=en');
    expect(localStorage.getItem('cng_lang')).toBe('en');
    click(doc.querySelector('a[hreflang="ta"]')!);
    expect(document.cookie).toContain('cng_lang=ta');
    expect(localStorage.getItem('cng_lang')).toBe('ta');
  });

  it('ignores links outside the menu and languages the product does not have', () => {
    click(doc.getElementById('elsewhere')!);
    click(doc.querySelector('a[hreflang="xx"]')!);
    expect(document.cookie).not.toContain('cng_lang');
    expect(localStorage.getItem('cng_lang')).toBeNull();
  });
});
