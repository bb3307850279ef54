import { site } from '../../config/site';
import { t } from '../../i18n/i18n';
import { ContactForm } from './components/contact-form';
import { OfficeMap } from './components/office-map';

/** Contact (spec section 2): the form titled "Contact Us", laid over a map centred on the office. */
export default function ContactPage() {
  return (
    <section className="contact-stage" aria-labelledby="contact-title">
      <OfficeMap />
      <div className="contact-card">
        <h1 id="contact-title">{t('contact.title')}</h1>
        <p className="contact-card__subtitle">{t('contact.subtitle')}</p>
        <ContactForm />
        <p className="contact-card__office">{t('contact.office', { address: site.address })}</p>
      </div>
    </section>
  );
}
