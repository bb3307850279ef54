import { explanationAt, formatDistance, type StatusSummary } from '@cng/shared/client';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages } from '../../i18n/i18n';
import { formatDistanceKm } from '../../lib/formatters';
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
  explanationTemplate: '3 drivers, latest {ago}',
  agoFrom: '2026-09-01T11:52:00Z',
  ...over,
});

/** The sentences apps/api status-model.ts writes, with when their age counts from. */
const TEMPLATES: [string, string][] = [
  ['1 driver, {ago}', '2026-09-01T11:59:30Z'],
  ['3 drivers, latest {ago}', '2026-09-01T11:52:00Z'],
  ['Official: operator update {ago}', '2026-09-01T10:55:00Z'],
  ['Official: operator update {ago}; 1 driver since disagree', '2026-09-01T11:00:00Z'],
  ['Official: operator update {ago}; 2 drivers since disagree', '2026-09-01T11:00:00Z'],
  ['Drivers disagree: 2 say no gas, 1 says available; latest {ago}', '2026-09-01T11:41:00Z'],
  ['Drivers disagree: 1 says low pressure, 1 says closed; latest {ago}', '2026-09-01T11:41:00Z'],
];

beforeAll(async () => {
  await loadMessages(['report'], 'en');
  await loadMessages(['report'], 'hi');
  await loadMessages(['report'], 'ta');
  await loadMessages(['report'], 'bn');
});

afterEach(() => {
  cleanup();
  activateLocale('en');
});

afterAll(() => activateLocale('en'));

describe('status words in English', () => {
  it('say exactly what the server says, for every sentence it writes', () => {
    activateLocale('en');
    for (const [template, agoFrom] of TEMPLATES) {
      const status = summary({ explanationTemplate: template, agoFrom });
      expect(statusExplanation(status, NOW)).toBe(explanationAt(status, NOW));
    }
    expect(statusExplanation(summary(), Date.parse('2026-09-01T13:57:00Z'))).toBe(
      '3 drivers, latest 2 h 05 min ago',
    );
  });

  it('keep the ages, distances and labels the English pages showed', () => {
    activateLocale('en');
    expect(statusLabel('available')).toBe('Gas available');
    expect(timeAgo('2026-09-01T11:59:40Z', NOW)).toBe('just now');
    expect(timeAgo('2026-09-01T11:52:00Z', NOW)).toBe('8 min ago');
    expect(timeAgo('2026-09-01T09:00:00Z', NOW)).toBe('3 h ago');
    expect(timeAgo('2026-08-30T09:00:00Z', NOW)).toBe('2 d ago');
    for (const km of [0.0004, 0.85, 0.9997, 3.44, 99.96, 1234.4])
      expect(formatDistanceKm(km)).toBe(formatDistance(km));
  });

  it('use the age the server counted for a report just made', () => {
    activateLocale('en');
    const created = summary({ explanation: '1 driver, just now', explanationTemplate: '1 driver, {ago}' });
    expect(statusExplanationAsSent(created)).toBe('1 driver, just now');
  });
});

describe('status words in Hindi and Tamil', () => {
  it('render the badge label, queue and explanation in Hindi', () => {
    activateLocale('hi');
    render(
      <StatusBadge
        status={summary({
          status: 'available',
          queueMin: 15,
          agoFrom: new Date(Date.now() - 8.5 * 60_000).toISOString(),
        })}
      />,
    );
    expect(screen.getByText('गैस मिल रही है')).toBeTruthy();
    expect(screen.getByText('(पक्का)')).toBeTruthy();
    expect(screen.getByText('· लाइन ~15 मिनट')).toBeTruthy();
    expect(screen.getByText('3 ड्राइवर, आखिरी 8 मिनट पहले')).toBeTruthy();
  });

  it('render the badge label and explanation in Tamil', () => {
    activateLocale('ta');
    render(<StatusBadge status={summary({ agoFrom: new Date(Date.now() - 8.5 * 60_000).toISOString() })} />);
    expect(screen.getByText('கேஸ் இல்லை')).toBeTruthy();
    expect(screen.getByText('3 ஓட்டுநர்கள், கடைசியாக 8 நிமிடங்களுக்கு முன்பு')).toBeTruthy();
  });

  it('explain disagreement, official updates and unknown stations in Hindi', () => {
    activateLocale('hi');
    const mixed = summary({
      explanationTemplate: 'Drivers disagree: 2 say no gas, 1 says available; latest {ago}',
      agoFrom: '2026-09-01T11:41:00Z',
    });
    expect(statusExplanation(mixed, NOW)).toBe(
      'ड्राइवरों में मतभेद: 2 ने कहा: गैस नहीं है, 1 ने कहा: गैस मिल रही है; आखिरी 19 मिनट पहले',
    );
    const official = summary({
      explanationTemplate: 'Official: operator update {ago}; 2 drivers since disagree',
      agoFrom: '2026-09-01T10:55:00Z',
    });
    expect(statusExplanation(official, NOW)).toBe(
      'आधिकारिक: कंपनी की जानकारी 1 घंटे 05 मिनट पहले; उसके बाद 2 ड्राइवर असहमत',
    );
    const unknown = summary({
      status: 'unknown',
      explanation: 'No recent reports',
      explanationTemplate: undefined,
      agoFrom: undefined,
    });
    expect(statusExplanation(unknown, NOW)).toBe('हाल में कोई रिपोर्ट नहीं');
  });

  it('say "just now" and count minutes in Tamil, and keep a sentence it does not know in English', () => {
    activateLocale('ta');
    const created = summary({ explanation: '1 driver, just now', explanationTemplate: '1 driver, {ago}' });
    expect(statusExplanationAsSent(created)).toBe('1 ஓட்டுநர், இப்போதுதான்');
    expect(timeAgo('2026-09-01T11:59:00Z', NOW)).toBe('1 நிமிடம் முன்பு');
    const odd = summary({
      explanation: 'Something new, 8 min ago',
      explanationTemplate: 'Something new, {ago}',
    });
    expect(statusExplanation(odd, NOW)).toBe('Something new, 8 min ago');
  });

  it('write numbers in the language’s own digits (Bengali)', () => {
    activateLocale('bn');
    expect(formatDistanceKm(3.44)).toMatch(/^৩\.৪\s/);
    expect(timeAgo('2026-09-01T11:52:00Z', NOW)).toBe('৮ মিনিট আগে');
  });
});
