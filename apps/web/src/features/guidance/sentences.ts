import { type MessageId, t } from '../../i18n/i18n';
import type { Announcement, Direction, PanelKind } from './announcer';

/** Message ids for where the station is: each a whole phrase with the distance inside, so translators order it. */
const WHERE: Record<Direction, MessageId> = {
  ahead: 'voice.where.ahead',
  aheadLeft: 'voice.where.aheadLeft',
  aheadRight: 'voice.where.aheadRight',
  left: 'voice.where.left',
  right: 'voice.where.right',
  behind: 'voice.where.behind',
  unknown: 'voice.where.unknown',
};

/** The panel's label, said first: the same words as on screen. */
const INTRO: Record<PanelKind, MessageId> = {
  nearest: 'voice.say.nearest',
  ahead: 'voice.say.ahead',
  selected: 'voice.say.selected',
};

/** "1.2 kilometres", "500 metres": spelled out for speech, the number formatted in the page's locale. */
export function spokenDistance(km: number): string {
  return km < 1 ? t('voice.distance.m', { m: Math.round(km * 1000) }) : t('voice.distance.km', { km });
}

/** The sentence for an announcement, in the page's language (the same catalogs as the screen). */
export function sentence(a: Announcement): string {
  const where = t(WHERE[a.direction], { distance: spokenDistance(a.distanceKm) });
  switch (a.kind) {
    case 'start':
    case 'changed':
      return t(INTRO[a.panelKind], { name: a.name, where });
    case 'approach':
      return t('voice.say.approach', { name: a.name, where });
    case 'noGas':
      return t('voice.say.noGas', { name: a.name });
  }
}
