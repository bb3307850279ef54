import { type FormEvent, useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { t } from '../../../i18n/i18n';
import { sendContactMessage } from '../api/send-contact-message';
import { contactInvalid, contactNotSent, contactRateLimited, contactSent } from '../contact-messages';
import {
  type ContactErrors,
  type ContactValues,
  type ContactField as Field,
  validateContact,
} from '../validate-contact';
import { ContactField } from './contact-field';

const EMPTY: ContactValues = { name: '', email: '', message: '' };
const ORDER: Field[] = ['name', 'email', 'message'];
type FieldElement = HTMLInputElement & HTMLTextAreaElement;

/** What the prerendered page's field `id` holds now (typed before the app started); '' without a page. */
function prerenderedValue(id: string): string {
  if (typeof document === 'undefined') return '';
  const field = document.getElementById(id);
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement ? field.value : '';
}

/** The form's state and its two actions: typing into a field, and sending. */
function useContactForm() {
  // The prerendered form can be typed into before the app hydrates it (content pages hydrate late, ADR 0027):
  // the first render adopts what the browser already holds, or the form would look filled but send (and
  // validate) empty state. A form sent before hydration waits for it and is then sent here (main.tsx).
  const [values, setValues] = useState<ContactValues>(() => {
    const typed = { ...EMPTY };
    for (const f of ORDER) typed[f] = prerenderedValue(`contact-${f}`);
    return typed;
  });
  const [honeypot, setHoneypot] = useState(() => prerenderedValue('contact-website'));
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Where focus goes when the form comes back after the spinner (the element that had it is gone).
  const [focusAfter, setFocusAfter] = useState<Field | 'submit' | null>(null);
  const fields = {
    name: useRef<FieldElement>(null),
    email: useRef<FieldElement>(null),
    message: useRef<FieldElement>(null),
  };
  const submitRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (submitting || !focusAfter) return;
    (focusAfter === 'submit' ? submitRef : fields[focusAfter]).current?.focus();
    setFocusAfter(null);
  });

  const change = (field: Field) => (value: string) => {
    // Functional update: two keystrokes before the next render must not undo each other.
    setValues((v) => ({ ...v, [field]: value }));
    // After a first attempt, messages follow the typing so a fixed field stops looking wrong at once
    // (each field's rule depends on that field only).
    if (submitted)
      setErrors((e) => ({ ...e, [field]: validateContact({ ...EMPTY, [field]: value })[field] }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateContact(values);
    setErrors(found);
    const firstBad = ORDER.find((f) => found[f]);
    if (firstBad) {
      fields[firstBad].current?.focus();
      return;
    }
    setSubmitting(true);
    const result = await sendContactMessage({ ...values, website: honeypot });
    setSubmitting(false);
    if (result.kind === 'sent') {
      toast.success(contactSent());
      setValues(EMPTY);
      setSubmitted(false);
      setFocusAfter('name');
      return;
    }
    if (result.kind === 'invalid') {
      setErrors(result.errors);
      toast.error(contactInvalid());
      setFocusAfter(ORDER.find((f) => result.errors[f]) ?? 'submit');
      return;
    }
    toast.error(result.kind === 'rate-limited' ? contactRateLimited(result.retryAfterSec) : contactNotSent());
    setFocusAfter('submit');
  }

  return { values, honeypot, setHoneypot, errors, submitting, fields, submitRef, change, submit };
}

/**
 * The contact form (spec sections 2, 4, 8): idle → submitting (form replaced by a spinner) → idle.
 * Success clears the fields and shows the spec's toast; any failure keeps the values and says what to do.
 */
export function ContactForm() {
  const { values, honeypot, setHoneypot, errors, submitting, fields, submitRef, change, submit } =
    useContactForm();
  if (submitting) {
    return (
      <div className="contact-sending" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>{t('contact.form.sending')}</span>
      </div>
    );
  }
  return (
    <form className="contact-form" method="post" noValidate onSubmit={submit} aria-labelledby="contact-title">
      <ContactField
        id="contact-name"
        name="name"
        label={t('contact.form.name')}
        autoComplete="name"
        value={values.name}
        error={errors.name}
        fieldRef={fields.name}
        onChange={change('name')}
      />
      <ContactField
        id="contact-email"
        name="email"
        type="email"
        label={t('contact.form.email')}
        autoComplete="email"
        value={values.email}
        error={errors.email}
        fieldRef={fields.email}
        onChange={change('email')}
      />
      <ContactField
        id="contact-message"
        name="message"
        label={t('contact.form.message')}
        multiline
        value={values.message}
        error={errors.message}
        fieldRef={fields.message}
        onChange={change('message')}
      />
      {/* Spam trap: off-screen, out of the tab order and hidden from screen readers; only bots fill it. */}
      <div className="contact-trap" aria-hidden="true">
        <label htmlFor="contact-website">{t('contact.form.website')}</label>
        <input
          id="contact-website"
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(e) => setHoneypot(e.target.value)}
        />
      </div>
      <button
        ref={submitRef}
        type="submit"
        // Prerendered disabled, so a tap before any script has run cannot send the form natively (which would
        // reload the page without sending); the entry module enables it at once (main.tsx).
        disabled={typeof window === 'undefined'}
        data-enabled-by-entry=""
        className="button button--primary contact-form__submit"
      >
        {t('contact.form.send')}
      </button>
    </form>
  );
}
