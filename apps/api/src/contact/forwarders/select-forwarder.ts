import { type Config, ConfigError } from '../../config/env';
import { createEmailJsForwarder, emailJsSettingsProblems } from './emailjs-forwarder';
import type { Forwarder } from './forwarder';
import { createSmtpForwarder } from './smtp-forwarder';

type ForwarderConfig = Pick<
  Config,
  | 'EMAILJS_API_URL'
  | 'EMAILJS_PUBLIC_KEY'
  | 'EMAILJS_SERVICE_ID'
  | 'EMAILJS_TEMPLATE_ID'
  | 'EMAILJS_PRIVATE_KEY'
  | 'SMTP_URL'
  | 'MAIL_TO'
  | 'MAIL_FROM'
>;

/**
 * The forwarder the configuration asks for: EmailJS when any EMAILJS_* id is set, SMTP when SMTP_URL is set,
 * none when neither (messages are then only stored). Throws a ConfigError naming every problem.
 */
export function selectForwarder(config: ForwarderConfig): Forwarder | null {
  const emailJs = {
    apiUrl: config.EMAILJS_API_URL,
    publicKey: config.EMAILJS_PUBLIC_KEY,
    serviceId: config.EMAILJS_SERVICE_ID,
    templateId: config.EMAILJS_TEMPLATE_ID,
    privateKey: config.EMAILJS_PRIVATE_KEY,
  };
  const wantsEmailJs = !!(emailJs.publicKey || emailJs.serviceId || emailJs.templateId || emailJs.privateKey);
  const wantsSmtp = !!config.SMTP_URL;
  const problems: string[] = [];
  if (wantsEmailJs && wantsSmtp) {
    problems.push('EMAILJS_* and SMTP_URL: configure one contact forwarder, not both');
  }
  if (wantsEmailJs) problems.push(...emailJsSettingsProblems(emailJs).map((p) => `EMAILJS: ${p}`));
  if (wantsSmtp && !config.MAIL_TO) problems.push('MAIL_TO: is required when SMTP_URL is set');
  if (problems.length) throw new ConfigError(problems);
  if (wantsEmailJs) return createEmailJsForwarder(emailJs);
  if (wantsSmtp)
    return createSmtpForwarder({ url: config.SMTP_URL, to: config.MAIL_TO, from: config.MAIL_FROM });
  return null;
}
