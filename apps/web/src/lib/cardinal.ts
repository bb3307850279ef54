import { type Cardinal, cardinalOf } from '@cng/shared/client';
import { t } from '../i18n/i18n';

/** The 8-point compass name of a bearing in the page's language ("NE" in English, "उत्तर-पूर्व" in Hindi). */
export function cardinalText(bearingDeg: number): string {
  return cardinalName(cardinalOf(bearingDeg));
}

export function cardinalName(cardinal: Cardinal): string {
  return t(`finder.cardinal.${cardinal}`);
}
