import { useVerifyEmail } from '../../features/auth/api/email-verification';
import { EmailedLinkConfirmation } from '../../features/auth/components/emailed-link-confirmation';

/** Where the emailed link that proves an address leads: a scanner must not move an account. */
export function VerifyEmailScreen() {
  return (
    <EmailedLinkConfirmation
      title="Confirm Email"
      missingToken="This link is missing its token. Open the link from the email again, or send yourself a new one from your dashboard."
      question="Confirm that this email address belongs to your Up2 account."
      confirmLabel="Confirm My Email"
      confirmation={useVerifyEmail()}
      back={{ to: '/dashboard', label: 'Go to Dashboard' }}
    />
  );
}
