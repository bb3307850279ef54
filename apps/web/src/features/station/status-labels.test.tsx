import type { StatusSummary } from '@cng/shared/client';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages } from '../../i18n/i18n';
import { StatusBadge } from './status-badge';
import { statusExplanation, statusExplanationAsSent, statusLabel, timeAgo } from './status-labels';

const NOW = Date.parse('2026-09-01T12:00:00Z');

const summary = (over: Partial<StatusSummary> = {}): StatusSummary => ({
  status: 'no_gas',
  confidence: 'high',
  queueMin: null,
  latestReportAt: '2026-09-01T11:52:00Z',
  reportCount: 3,
  official: false,
  explanation: '3 drivers, latest 8 min ago',
  why: { kind: 'drivers', drivers: 3, latestAt: '2026-09-01T11:52:00Z' },
  ...over,
});

const disagree: StatusSummary['why'] = {
  kind: 'disagree',
  votes: [
    { status: 'no_gas', drivers: 2 },
    { status: 'available', drivers: 1 },
  ],
  latestAt: '2026-09-01T11:41:00Z',
};
const official = (dissentingDrivers: number): StatusSummary['why'] => ({
  kind: 'official',
  at: '2026-09-01T10:55:00Z',
  dissentingDrivers,
});

beforeAll(async () => {
  for (const locale of ['en', 'hi', 'ta', 'bn', 'it'] as const) await loadMessages(['report'], locale);
});

afterEach(() => {
  cleanup();
  activateLocale('en');
});

afterAll(() => activateLocale('en'));

describe('status words in English', () => {
  it('word every reason the server sends, with the age counted to now', () => {
    activateLocale('en');
    expect(statusExplanation(summary(), NOW)).toBe('3 drivers, latest 8 min ago');
    expect(
      statusExplanation(
        summary({ why: { kind: 'drivers', drivers: 1, latestAt: '2026-09-01T11:59:30Z' } }),
        NOW,
      ),
    ).toBe('1 driver, now');
    expect(statusExplanation(summary({ why: disagree }), NOW)).toBe(
      'Drivers disagree: 2 say no gas, 1 says available; latest 19 min ago',
    );
    expect(statusExplanation(summary({ why: official(0) }), NOW)).toBe('Official: operator update 1 hr ago');
    expect(statusExplanation(summary({ why: official(2) }), NOW)).toBe(
      'Official: operator update 1 hr ago; 2 drivers since disagree',
    );
    expect(statusExplanation(summary({ status: 'unknown', why: { kind: 'none' } }), NOW)).toBe(
      'No recent reports',
    );
  });

  it('count the age again as time passes, so a page left open does not keep saying "now"', () => {
    activateLocale('en');
    expect(statusExplanation(summary(), Date.parse('2026-09-01T13:57:00Z'))).toBe(
      '3 drivers, latest 2 hr ago',
    );
    expect(statusExplanation(summary(), Date.parse('2026-09-03T13:57:00Z'))).toBe(
      '3 drivers, latest 2 days ago',
    );
  });

  it('keep the labels and the ages of timelines', () => {
    activateLocale('en');
    expect(statusLabel('available')).toBe('Gas available');
    expect(timeAgo('2026-09-01T11:59:40Z', NOW)).toBe('now');
    expect(timeAgo('2026-09-01T11:52:00Z', NOW)).toBe('8 min ago');
    expect(timeAgo('2026-09-01T09:00:00Z', NOW)).toBe('3 hr ago');
    expect(timeAgo('2026-08-31T09:00:00Z', NOW)).toBe('yesterday');
  });

  it('say "now" for a report just made, even when the phone clock runs behind the server', () => {
    activateLocale('en');
    const ahead = new Date(Date.now() + 30_000).toISOString();
    const created = summary({ why: { kind: 'drivers', drivers: 1, latestAt: ahead } });
    expect(statusExplanationAsSent(created)).toBe('1 driver, now');
  });

  it('show the sentence a copy saved before the server sent reasons came with', () => {
    activateLocale('hi');
    const saved = summary({ why: undefined, explanation: '2 drivers, latest 5 min ago' });
    expect(statusExplanation(saved, NOW)).toBe('2 drivers, latest 5 min ago');
  });
});

describe('status words in other languages', () => {
  it('render the badge label, queue and reason in Hindi', () => {
    activateLocale('hi');
    const latestAt = new Date(Date.now() - 8.5 * 60_000).toISOString();
    render(
      <StatusBadge
        status={summary({
          status: 'available',
          queueMin: 15,
          why: { kind: 'drivers', drivers: 3, latestAt },
        })}
      />,
    );
    expect(screen.getByText('गैस मिल रही है')).toBeTruthy();
    expect(screen.getByText('(पक्का)')).toBeTruthy();
    expect(screen.getByText('· लाइन ~15 मिनट')).toBeTruthy();
    expect(screen.getByText('3 ड्राइवर, आखिरी 8 मि॰ पहले')).toBeTruthy();
  });

  it('word disagreement, official updates and unknown stations in Hindi', () => {
    activateLocale('hi');
    expect(statusExplanation(summary({ why: disagree }), NOW)).toBe(
      'ड्राइवरों में मतभेद: 2 ने कहा: गैस नहीं है, 1 ने कहा: गैस मिल रही है; आखिरी 19 मि॰ पहले',
    );
    expect(statusExplanation(summary({ why: official(2) }), NOW)).toBe(
      'आधिकारिक: कंपनी की जानकारी 1 घं॰ पहले; उसके बाद 2 ड्राइवर असहमत',
    );
    expect(statusExplanation(summary({ status: 'unknown', why: { kind: 'none' } }), NOW)).toBe(
      'हाल में कोई रिपोर्ट नहीं',
    );
  });

  it('render the badge label and reason in Tamil', () => {
    activateLocale('ta');
    const latestAt = new Date(Date.now() - 8.5 * 60_000).toISOString();
    render(<StatusBadge status={summary({ why: { kind: 'drivers', drivers: 3, latestAt } })} />);
    expect(screen.getByText('கேஸ் இல்லை')).toBeTruthy();
    expect(screen.getByText('3 ஓட்டுநர்கள், கடைசியாக 8 நிமி. முன்')).toBeTruthy();
  });

  it('write ages in the language’s own digits (Bengali) and words (Italian)', () => {
    activateLocale('bn');
    expect(timeAgo('2026-09-01T11:52:00Z', NOW)).toBe('৮ মিনিট আগে');
    activateLocale('it');
    expect(timeAgo('2026-09-01T11:52:00Z', NOW)).toBe('8 min fa');
    expect(statusLabel('no_gas')).not.toBe('No gas');
  });
});
