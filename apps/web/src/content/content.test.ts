// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import { activateLocale, loadMessages, type MessageId, t } from '../i18n/i18n';
import { about } from './about';
import { appFeatures } from './app-features';
import { home } from './home';
import { plans } from './plans';
import { privacy } from './privacy';
import { refund } from './refund';
import { terms } from './terms';

/** Every string inside a value, depth first. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

/** The pages whose copy is message ids (the text is in the catalogs), in English. */
const translated = () => strings([about, appFeatures, home]).filter((s) => /^(home|about|app)\./.test(s));

describe('site content', () => {
  beforeAll(() => {
    activateLocale('en');
    return loadMessages(['home', 'about', 'app']);
  });

  it('has no unfilled {placeholder} anywhere', () => {
    const all = strings([plans, privacy, refund, terms, translated().map((id) => t(id as MessageId))]);
    expect(all.length).toBeGreaterThan(100);
    expect(all.filter((s) => /[{}]/.test(s))).toEqual([]);
  });

  it('has the three spec plans, exactly one of them popular', () => {
    expect(plans.map((p) => [p.type, p.rupees, p.billing])).toEqual([
      ['pricing.plan.basic', 0, undefined],
      ['pricing.plan.monthly', 10, 'month'],
      ['pricing.plan.yearly', 120, 'year'],
    ]);
    expect(plans.filter((p) => p.popular).map((p) => p.key)).toEqual(['monthly-plan']);
  });

  it('gives Terms 25 and Privacy 15 sections with unique titles (they are the page anchors)', () => {
    for (const [doc, count] of [
      [terms, 25],
      [privacy, 15],
      [refund, 6],
    ] as const) {
      const titles = doc.sections.map((s) => s.title);
      expect(titles).toHaveLength(count);
      expect(new Set(titles).size).toBe(count);
      for (const section of doc.sections) expect(section.paragraphs.join('').length).toBeGreaterThan(20);
    }
  });

  it('has four Why Choose Us features and six App sections, each with an image or icon', () => {
    expect(home.whyChooseUs.features.map((f) => t(f.title))).toEqual([
      'Accuracy',
      'Reliability',
      'Convenience',
      'Time Saving',
    ]);
    expect(appFeatures.sections).toHaveLength(6);
    for (const s of appFeatures.sections) expect(s.image && s.imageAlt).toBeTruthy();
  });

  it('names only messages that exist, and each description fills its placeholders', () => {
    const ids = translated();
    expect(ids.length).toBeGreaterThan(50);
    for (const id of ids) expect(t(id as MessageId)).not.toBe(id);
    const texts = [
      ...about.blocks,
      ...about.highlights.items,
      ...appFeatures.sections,
      ...home.whyChooseUs.features,
    ].map((b) => t(b.description, 'values' in b ? b.values?.() : undefined));
    expect(texts.filter((s) => /[{}]/.test(s))).toEqual([]);
    expect(texts).toContain(
      'Drivers at the pump report gas available, no gas, low pressure, closed or the queue in minutes. Reports ' +
        'count only from within 500 m of the station, lose weight as they age and update open pages live.',
    );
  });
});
