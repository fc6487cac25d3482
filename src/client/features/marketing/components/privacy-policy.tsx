import { SUPPORT_EMAIL } from '../../../../shared/constants';
import { productName } from '../../../lib/product';
import { LegalList, LegalSection, TextLink } from './legal-text';

export function PrivacyPolicy() {
  return (
    <>
      <p>
        This policy explains what personal information {productName} stores, why, and what you can
        do about it. For testimonials, the business that collects them decides what to ask for and
        what to publish; we process that information on the business’s behalf.
      </p>

      <LegalSection id="privacy-owners" title="1. Information about business owners">
        <LegalList>
          <li>
            Account details: your email address and a securely hashed password (never the password
            itself).
          </li>
          <li>
            Business details: business name, description, website, logo and your collection link.
          </li>
          <li>
            Billing details: subscription status, dates and invoices. Card details are handled by
            our card payment provider and never reach our servers.
          </li>
          <li>
            Integration details: connected Wix sites and a hashed form of any API key you create.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection
        id="privacy-submitters"
        title="2. Information about people who submit testimonials"
      >
        <p>
          When you submit a testimonial, we store only what the business’s form collects. Depending
          on the business’s settings, that can be:
        </p>
        <LegalList>
          <li>your name and email address;</li>
          <li>your business name and location;</li>
          <li>your star rating and the text of your testimonial;</li>
          <li>photos you upload: a personal photo, product photos, and before and after photos;</li>
          <li>the date you submitted it.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="privacy-use" title="3. Why we use it">
        <LegalList>
          <li>
            To let the business review, moderate and display testimonials: it sees submissions in
            its dashboard, approves or rejects them, and shows approved ones in its widget.
          </li>
          <li>
            Email addresses are visible only to the business, so it can follow up with you. They are
            never shown in the widget or on any public page.
          </li>
          <li>
            To run the service for business owners: sign-in, password resets, billing, support and
            keeping the service secure.
          </li>
        </LegalList>
        <p>We do not sell personal information, and we do not use it for advertising.</p>
      </LegalSection>

      <LegalSection id="privacy-sharing" title="4. Who can see it">
        <p>
          Approved testimonials, with the details the business chooses to display, are public on the
          business’s website. Otherwise we share personal information only with service providers
          that help us run {productName} (hosting, file storage, email delivery and card payments),
          under contracts that require them to protect it, or when the law requires us to.
        </p>
      </LegalSection>

      <LegalSection id="privacy-retention" title="5. Retention and deletion">
        <LegalList>
          <li>
            Testimonials and their photos are kept until the business deletes them or closes its
            account. Deleting a testimonial removes it and its photos from the service.
          </li>
          <li>
            When an owner closes an account, we delete the business, its testimonials and uploaded
            files. Copies in our backups are overwritten within 30 days. We keep billing records for
            as long as tax law requires.
          </li>
          <li>
            If you submitted a testimonial and want it changed or removed, ask the business, or
            write to us at <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink> and
            we will help.
          </li>
        </LegalList>
      </LegalSection>

      <LegalSection id="privacy-cookies" title="6. Cookies and local storage">
        <LegalList>
          <li>
            We use a single session cookie, and only for signed-in business owners: it keeps you
            signed in. It is strictly necessary and is not used for tracking.
          </li>
          <li>The widget embedded on business websites sets no cookies at all.</li>
          <li>
            Your browser’s local storage remembers your light or dark theme choice and, after you
            submit a testimonial, a reference to it. Neither leaves your device.
          </li>
          <li>We use no advertising or third-party analytics cookies.</li>
        </LegalList>
      </LegalSection>

      <LegalSection id="privacy-security" title="7. Security">
        <p>
          Connections are encrypted, passwords are hashed, and access to data is limited to the
          account it belongs to. No system is perfectly secure; if a breach affects your
          information, we will tell you without undue delay.
        </p>
      </LegalSection>

      <LegalSection id="privacy-rights" title="8. Your rights">
        <p>
          Depending on where you live, you may have the right to access, correct, export or delete
          your personal information, and to object to how we use it. Business owners can change most
          details in Account Settings. For anything else, email{' '}
          <TextLink href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</TextLink>. You may also
          complain to your local data protection authority.
        </p>
      </LegalSection>

      <LegalSection id="privacy-children" title="9. Children">
        <p>
          {productName} is not meant for children under 16, and we do not knowingly collect their
          information.
        </p>
      </LegalSection>

      <LegalSection id="privacy-changes" title="10. Changes to this policy">
        <p>
          If we change this policy in a way that matters, we will update the date at the top and,
          for significant changes, email account holders.
        </p>
      </LegalSection>
    </>
  );
}
