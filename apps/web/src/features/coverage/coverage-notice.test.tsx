import type { Coverage } from '@cng/shared/client';
import { cleanup, fireEvent, render as renderIn, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadMessages } from '../../i18n/i18n';
import { CoverageNotice } from './coverage-notice';
import { officialDate } from './coverage-words';

/** The notice links to the coverage page: it renders inside a router, as on /App. */
const render = (ui: ReactElement) => renderIn(ui, { wrapper: MemoryRouter });

// The coverage the API gives for central Hyderabad: the figures are shared/data/coverage's (two known stations
// against the 83 of the Lok Sabha answer of July 2025; Bhagyanagar Gas and Megha Gas hold the areas).
const hyderabad: Coverage = {
  level: 'thin',
  basis: 'official-share',
  knownNearby: 2,
  nearbyKm: 25,
  area: {
    kind: 'city',
    name: 'Hyderabad',
    known: 2,
    official: {
      count: 83,
      asOf: '2025-07',
      source: 'Lok Sabha answer of 24 Jul 2025, as reported by siasat.com',
    },
  },
  bigCity: null,
  suppliers: [{ name: 'Bhagyanagar Gas Limited (BGL)' }, { name: 'Megha Gas (adjoining districts)' }],
  officialIsLowerBound: true,
};

const nowhere: Coverage = {
  level: 'none',
  basis: 'none-nearby',
  knownNearby: 0,
  nearbyKm: 25,
  area: null,
  bigCity: null,
  suppliers: [],
  officialIsLowerBound: true,
};

beforeAll(async () => {
  for (const locale of ['en', 'hi', 'ta'] as const) await loadMessages(['finder'], locale);
});

afterEach(() => {
  cleanup();
  activateLocale('en');
});

describe('CoverageNotice', () => {
  it('says how much of the official count we know, who runs the network, and that a closer station may exist', () => {
    activateLocale('en');
    const add = vi.fn();
    const { container } = render(<CoverageNotice coverage={hyderabad} onAddStation={add} />);
    const notice = container.querySelector('[data-coverage="thin"]');
    expect(notice?.textContent).toContain(
      "We know 2 of Hyderabad's 83 CNG stations (Lok Sabha answer of 24 Jul 2025, as reported by siasat.com, July 2025).",
    );
    expect(notice?.textContent).toContain(
      'Bhagyanagar Gas Limited (BGL) and Megha Gas (adjoining districts) run the CNG networks here.',
    );
    expect(notice?.textContent).toContain('A closer station may exist: add one you know.');
    expect(notice?.textContent).toContain('there are more stations today');
    // The names and sources are the data's own words, kept out of translation.
    const data = [...container.querySelectorAll('[translate="no"]')].map((el) => el.textContent);
    expect(data).toContain('Hyderabad');
    expect(data).toContain('Bhagyanagar Gas Limited (BGL) and Megha Gas (adjoining districts)');
    fireEvent.click(screen.getByRole('button', { name: 'Add a station' }));
    expect(add).toHaveBeenCalledTimes(1);
  });

  it('says plainly when no station is known within reach, with no official count to quote', () => {
    activateLocale('en');
    const { container } = render(<CoverageNotice coverage={nowhere} onAddStation={() => undefined} />);
    expect(container.querySelector('[data-coverage="none"]')?.textContent).toContain(
      'We know no CNG station within 25 km of here.',
    );
    expect(container.textContent).not.toContain('Official counts');
  });

  it('shows nothing where the list is good', () => {
    const { container } = render(
      <CoverageNotice coverage={{ ...hyderabad, level: 'good' }} onAddStation={() => undefined} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('reads in Hindi and Tamil, with the data in its own spelling', () => {
    activateLocale('hi');
    const { container, unmount } = render(
      <CoverageNotice coverage={hyderabad} onAddStation={() => undefined} />,
    );
    expect(container.textContent).toContain('83 CNG स्टेशनों में से हमें 2 की जानकारी है');
    expect(container.textContent).toContain('जुलाई 2025');
    expect(screen.getByRole('button', { name: 'स्टेशन जोड़ें' })).toBeTruthy();
    unmount();
    activateLocale('ta');
    render(<CoverageNotice coverage={hyderabad} onAddStation={() => undefined} />);
    expect(screen.getByRole('button', { name: 'நிலையத்தைச் சேர்' })).toBeTruthy();
  });
});

describe('officialDate', () => {
  it('words a month or a day in the page language and keeps any other wording', () => {
    activateLocale('en');
    expect(officialDate('2025-07')).toBe('July 2025');
    expect(officialDate('2021-03-31')).toBe('31 March 2021');
    expect(officialDate('2023/2024 (undated)')).toBe('2023/2024 (undated)');
    activateLocale('hi');
    expect(officialDate('2025-07')).toBe('जुलाई 2025');
  });
});
