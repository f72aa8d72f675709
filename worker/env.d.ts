// Secrets and optional bindings that wrangler.toml does not declare (see README, "Settings").
interface AppSecrets {
  JWT_SECRET?: string;
  PASSWORD_PEPPER?: string;
  RESEND_API_KEY?: string;
  MAIL?: SendEmail;
}

interface Env extends AppSecrets {}

declare namespace Cloudflare {
  interface Env extends AppSecrets {}
}
