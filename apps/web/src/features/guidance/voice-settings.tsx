import { useSyncExternalStore } from 'react';
import { currentLocale, intlLocale, t } from '../../i18n/i18n';
import { getSpeaker, voicesFor } from './speech';

/** The page's language in its own words ("हिन्दी", "English"), for "No Hindi voice on this device". */
function languageName(): string {
  try {
    return new Intl.DisplayNames([intlLocale()], { type: 'language' }).of(currentLocale()) ?? currentLocale();
  } catch {
    return currentLocale();
  }
}

/**
 * The voice the guidance speaks with: the device's voice for the page's language, or — when it has none — a
 * line saying so and a choice of another voice or silence (silence until the driver chooses: never English by
 * itself). "Test voice" says one sentence.
 */
export default function VoiceSettings() {
  const speaker = getSpeaker();
  useSyncExternalStore(
    speaker.subscribe,
    () => speaker.version,
    () => 0,
  );
  const choice = speaker.choice();
  const language = languageName();
  const fallback = speaker.fallbackUri() ?? '';
  const others = speaker.voices().filter((v) => !voicesFor([v], currentLocale()).length);
  const state = choice?.own ? 'own' : speaker.voicesKnown ? 'missing' : 'checking';
  return (
    <div className="voice__settings" data-testid="voice-settings" data-voice={state}>
      {state === 'checking' ? (
        <p className="voice__status" data-testid="voice-status">
          {t('voice.settings.checking')}
        </p>
      ) : choice?.own ? (
        <p className="voice__status" data-testid="voice-status">
          {t('voice.settings.voice', { voice: choice.voice.name })}
        </p>
      ) : (
        <>
          <p className="voice__status voice__status--missing" data-testid="voice-status">
            {t('voice.settings.noVoice', { language })}
          </p>
          <label className="voice__choose">
            {t('voice.settings.choose')}{' '}
            <select
              data-testid="voice-fallback"
              value={choice ? fallback : ''}
              onChange={(e) => speaker.setFallback(e.currentTarget.value || null)}
            >
              <option value="">{t('voice.settings.silent')}</option>
              {others.map((v) => (
                <option key={v.voiceURI} value={v.voiceURI}>
                  {v.name} ({v.lang})
                </option>
              ))}
            </select>
          </label>
          {choice && <p className="voice__note">{t('voice.settings.otherLanguage', { language })}</p>}
        </>
      )}
      <button
        type="button"
        className="button voice__test"
        data-testid="voice-test"
        disabled={!choice}
        onClick={() => speaker.say(t('voice.say.test'))}
      >
        {t('voice.settings.test')}
      </button>
      {speaker.blocked && <p className="voice__note">{t('voice.settings.blocked')}</p>}
    </div>
  );
}
