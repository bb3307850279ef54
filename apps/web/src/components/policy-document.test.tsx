import { cleanup, render, screen } from '@testing-library/react';
import { StaticRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { privacy } from '../content/privacy';
import { activateLocale, loadMessages } from '../i18n/i18n';
import { PolicyDocument } from './policy-document';

function renderPrivacy() {
  render(
    <StaticRouter location="/">
      <PolicyDocument
        heading="policies.privacy.heading"
        summary="policies.privacy.summary"
        intro={privacy.intro}
        sections={privacy.sections}
      />
    </StaticRouter>,
  );
}

afterEach(() => {
  cleanup();
  activateLocale('en');
});

describe('PolicyDocument', () => {
  it('is the English document alone on the English page', async () => {
    await loadMessages(['policies'], 'en');
    activateLocale('en');
    renderPrivacy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Privacy Policy');
    expect(document.querySelector('.policy__summary')).toBeNull();
    expect(document.querySelector('[lang]')).toBeNull();
    expect(document.querySelector('.policy__header .policy__intro')?.textContent).toMatch(
      /^This policy explains/,
    );
    expect(document.querySelectorAll('.policy__section')).toHaveLength(15);
  });

  it('in another language: title and summary in it, then the binding English text marked lang="en"', async () => {
    await loadMessages(['policies'], 'it');
    activateLocale('it');
    renderPrivacy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Informativa sulla privacy');
    const summary = document.querySelector('.policy__summary');
    expect(summary?.textContent).toContain('CNG Navigator raccoglie solo ciò che serve');
    expect(summary?.textContent).toContain('Vincolante è solo il testo inglese qui sotto');
    expect(screen.getByRole('link', { name: 'Contattaci' }).getAttribute('href')).toBe('/contact');
    expect(summary?.closest('[lang]')).toBeNull();
    const original = document.querySelector('.policy__original');
    expect(original?.getAttribute('lang')).toBe('en');
    expect(original?.querySelector('.policy__intro')?.textContent).toMatch(/^This policy explains/);
    expect(original?.querySelectorAll('.policy__section')).toHaveLength(15);
  });
});
