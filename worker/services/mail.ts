export type MailMessage = { to: string; subject: string; text: string };

/**
 * Sends through Cloudflare's `send_email` binding (MAIL) or Resend's HTTP API when configured.
 * With neither (local dev), the whole message is printed to the dev server's console.
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
  console.log(
    `\n--- email (no mail transport configured) ---\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n--- end of email ---\n`,
  );
}
