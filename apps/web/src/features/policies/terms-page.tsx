import { Link } from 'react-router';
import { PolicyDocument } from '../../components/policy-document';
import { terms } from '../../content/terms';

/** Terms and Conditions (spec section 2). */
export default function TermsPage() {
  return (
    <PolicyDocument
      heading="policies.terms.heading"
      summary="policies.terms.summary"
      intro={terms.intro}
      sections={terms.sections}
      renderSectionEnd={(section) =>
        section.title === 'Contact Us' && (
          <p>
            <Link to="/contact">Contact us</Link>
          </p>
        )
      }
    />
  );
}
