export type MailMessage = { to: string; subject: string; text: string };

/**
 * Whether a message with no transport to send it may be printed whole: in local development and
 * tests, and in local runs of the production build that ask for it (MAIL_TO_CONSOLE: the journeys
 * read reset links there). In production a message carries links that sign people in; the log is
 * no place for them.
 */
function mayPrintMessages(env: Pick<Env, 'ENVIRONMENT' | 'MAIL_TO_CONSOLE'>): boolean {
  return env.ENVIRONMENT !== 'production' || env.MAIL_TO_CONSOLE === 'true';
}

/**
 * Sends through Cloudflare's `send_email` binding (MAIL) or Resend's HTTP API when configured.
 * With neither, a local run prints the whole message to the console; production logs that the
 * message was not sent, without a word of what it said.
 */
export async function sendMail(env: Env, message: MailMessage): Promise<void> {
  if (env.MAIL) {
    await env.MAIL.send({ from: env.MAIL_FROM, ...message });
    return;
  }
  if (env.RESEND_API_KEY) {
    const response = await fetch('https://api.resend.com/emails', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${env.RESEND_API_KEY}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ from: env.MAIL_FROM, ...message }),
    });
    if (!response.ok) throw new Error(`Resend refused the message: ${response.status}`);
    return;
  }
  if (!mayPrintMessages(env)) {
    console.error(
      `No mail transport is configured (set the MAIL binding or RESEND_API_KEY): "${message.subject}" was not sent.`,
    );
    return;
  }
  console.log(
    `\n--- email (no mail transport configured) ---\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n--- end of email ---\n`,
  );
}
