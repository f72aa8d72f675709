import { useConfirmUpdates } from '../../features/auth/api/email-updates';
import { EmailedLinkConfirmation } from '../../features/auth/components/emailed-link-confirmation';

/** Where the emailed "confirm updates" link leads: a scanner must not subscribe anyone. */
export function ConfirmUpdatesScreen() {
  return (
    <EmailedLinkConfirmation
      title="Confirm Updates"
      missingToken="This link is missing its token. Open the link from the email again, or ask for updates in your profile settings."
      question="Send me updates about new features and tips at this address."
      confirmLabel="Confirm"
      confirmation={useConfirmUpdates()}
      back={{ to: '/', label: 'Back to Up2' }}
    />
  );
}
