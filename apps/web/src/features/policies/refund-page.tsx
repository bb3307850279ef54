import { Link } from 'react-router';
import { PolicyDocument } from '../../components/policy-document';
import { refund } from '../../content/refund';

/** Return and Refund Policy (spec section 2); its Contact Us section links to the contact page. */
export default function RefundPage() {
  return (
    <PolicyDocument
      heading="policies.refund.heading"
      summary="policies.refund.summary"
      intro={refund.intro}
      sections={refund.sections}
      renderSectionEnd={(section) =>
        section.title === 'Contact Us' && (
          <p>
            <Link className="button" to="/contact">
              {refund.contactLinkText}
            </Link>
          </p>
        )
      }
    />
  );
}
