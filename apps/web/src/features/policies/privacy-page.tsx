import { Link } from 'react-router';
import { PolicyDocument } from '../../components/policy-document';
import { site } from '../../config/site';
import { privacy } from '../../content/privacy';

/** Privacy Policy (spec section 2): sections, contact (configured e-mail or the contact page), topics, date. */
export default function PrivacyPage() {
  const { contact, topics } = privacy;
  return (
    <PolicyDocument
      heading="policies.privacy.heading"
      summary="policies.privacy.summary"
      intro={privacy.intro}
      sections={privacy.sections}
    >
      <section className="policy__contact" aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">{contact.title}</h2>
        <p>{contact.text}</p>
        <ul>
          {site.email && (
            <li>
              By e-mail: <a href={`mailto:${site.email}`}>{site.email}</a>
            </li>
          )}
          <li>
            Through our <Link to="/contact">contact page</Link>
          </li>
        </ul>
      </section>
      <section className="policy__topics" aria-labelledby="privacy-topics">
        <h2 id="privacy-topics">{topics.title}</h2>
        <ul>
          {topics.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
      <p className="policy__updated">
        Last updated: <time dateTime="2023-04-25">{privacy.lastUpdated}</time>
      </p>
    </PolicyDocument>
  );
}
