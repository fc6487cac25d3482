import {
  MONEY_BACK_GUARANTEE_DAYS,
  PLAN,
  PRICE_CHANGE_NOTICE_DAYS,
  SUPPORT_EMAIL,
} from '../../../../shared/constants';
import { productName } from '../../../lib/product';
import { LegalList, LegalSection, TextLink } from './legal-text';

export function TermsOfService() {
  return (
    <>
      <LegalSection id="terms-agreement" title="1. Agreement">
        <p>
          These terms are an agreement between you and {productName} (“{productName}”, “we”, “us”).
          They apply when you create an account, use the dashboard, embed the {productName} widget
          on a website, or submit a testimonial through a {productName} collection page. If you use{' '}
          {productName} for a business, you accept these terms for that business and confirm you may
          do so. If you do not agree, please do not use the service.
        </p>
      </LegalSection>

      <LegalSection id="terms-service" title="2. The service">
        <p>
          {productName} helps small businesses collect customer testimonials through a public link
          or QR code, review and moderate them, and show the approved ones in an embeddable widget
          on any website. We may improve, change or retire features over time; if a change
          materially reduces what you pay for, we will tell you in advance.
        </p>
      </LegalSection>

      <LegalSection id="terms-accounts" title="3. Your account">
        <LegalList>
          <li>Give accurate information when you sign up and keep your email address current.</li>
          <li>
            Keep your password and any API key secret. You are responsible for activity under your
            account; tell us at once at{' '}
            <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink> if you suspect
            misuse.
          </li>
          <li>
            You must be at least 18 years old, or the age of majority where you live, to hold an
            account.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="terms-fees" title="4. Subscription, fees and billing">
        <LegalList>
          <li>
            The {PLAN.label} costs {PLAN.displayPrice} ({PLAN.currency} {PLAN.amount} per year, plus
            any applicable taxes). Some features need an active subscription or a valid access code.
          </li>
          <li>Fees are billed in advance for each yearly period.</li>
          <li>
            {MONEY_BACK_GUARANTEE_DAYS}-day money-back guarantee: within {MONEY_BACK_GUARANTEE_DAYS}{' '}
            days of your first payment you can ask for a full refund of it from the Billing page.
            Your subscription then ends at once. The guarantee applies once per account: a later
            subscription is not covered by it.
          </li>
          <li>
            Apart from the money-back guarantee, fees are non-refundable, except where the law
            requires a refund.
          </li>
          <li>
            Your subscription renews automatically each year until you cancel. You can cancel at any
            time from the Billing page; your access continues until the end of the period you have
            paid for, and until then you can resume the subscription from the same page.
          </li>
          <li>
            We may change the price. We will give you at least {PRICE_CHANGE_NOTICE_DAYS} days
            notice by email before a new price applies, and the change takes effect at your next
            renewal.
          </li>
          <li>
            Payments are processed by our card payment provider. We never see or store your full
            card number.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="terms-content" title="5. Testimonials and your content">
        <p>
          You keep ownership of the content you upload (such as your logo and business details), and
          submitters keep ownership of the testimonials they write. You give us a limited licence to
          host, process and display that content only to run the service for you.
        </p>
        <LegalList>
          <li>
            Only publish testimonials from real customers, and do not edit a testimonial in a way
            that changes its meaning. Follow the consumer-protection and advertising rules that
            apply to endorsements where you operate.
          </li>
          <li>
            You are responsible for the testimonials you choose to approve and display, including
            having the right to publish them and any photos they contain.
          </li>
          <li>
            When you submit a testimonial, you confirm it reflects your genuine experience and agree
            that the business may display it, together with the details you chose to share, on its
            website.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="terms-acceptable-use" title="6. Acceptable use">
        <p>You agree not to use {productName} to:</p>
        <LegalList>
          <li>
            post fake, paid-for or misleading testimonials, or content that is unlawful, hateful or
            harassing;
          </li>
          <li>upload content you have no right to use, or malware of any kind;</li>
          <li>
            probe, overload or interfere with the service, including going beyond the published API
            rate limits;
          </li>
          <li>resell the service or use it to build a competing product.</li>
        </LegalList>
        <p>We may remove content or suspend an account that breaks these rules.</p>
      </LegalSection>

      <LegalSection id="terms-third-parties" title="7. Third-party services">
        <p>
          Some features connect to services we do not control, such as the card payment provider,
          website builders like Wix, and web font services. Their own terms apply to your use of
          them.
        </p>
      </LegalSection>

      <LegalSection id="terms-termination" title="8. Cancellation and termination">
        <p>
          You may stop using {productName} and close your account at any time. We may suspend or end
          your access if you seriously or repeatedly break these terms, or if we must do so by law.
          When an account ends, the widget stops showing testimonials and we delete your data as
          described in the Privacy Policy below.
        </p>
      </LegalSection>

      <LegalSection id="terms-liability" title="9. Disclaimers and liability">
        <p>
          We work hard to keep {productName} available and secure, but the service is provided “as
          is” and we cannot promise it will be uninterrupted or error-free. To the extent the law
          allows, we are not liable for indirect or consequential losses, such as lost profits or
          lost data, and our total liability for any claim is limited to the fees you paid us in the
          twelve months before the claim. Nothing in these terms limits rights you have under
          consumer law that cannot be waived.
        </p>
      </LegalSection>

      <LegalSection id="terms-changes" title="10. Changes to these terms">
        <p>
          We may update these terms. If a change is significant, we will email account holders
          before it takes effect. The date at the top of this page shows when the terms last
          changed.
        </p>
      </LegalSection>
    </>
  );
}
