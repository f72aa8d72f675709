/**
 * The Terms of Service and the Privacy Policy, in the operator's own words: whoever runs an Up2
 * instance edits these before deploying it (each paragraph is plain text). `/terms` and `/privacy`
 * draw them, on the server too.
 */
export type LegalDocument = {
  title: string;
  /** When the text last changed, as people read it. */
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
};

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  updated: 'November 28, 2026',
  sections: [
    {
      heading: 'Your board',
      paragraphs: [
        'Up2 gives you one board at your own address. What you put on it is yours: you keep every right to it, and you let us store it, show it where you choose (your board, Discover, embeds, feeds and the fediverse while it is public) and copy it when someone copies a block to their own board.',
        'You can make your board private, export everything, and delete your account at any time from Profile Settings.',
      ],
    },
    {
      heading: 'What is not allowed',
      paragraphs: [
        'No spam, no harassment or hate, nothing illegal, no pretending to be someone else, and no links meant to harm the people who follow them. Do not try to break, overload or get around the limits of the service.',
        'We may hide a block, keep a board off Discover, or suspend an account that breaks these rules, and we tell the owner what we did and why.',
      ],
    },
    {
      heading: 'Other servers',
      paragraphs: [
        'A public board can be followed from Mastodon and other servers of the fediverse. What those servers do with what they receive is up to them; deleting a block or your account asks them to delete it too.',
      ],
    },
    {
      heading: 'The service',
      paragraphs: [
        'Up2 is offered as it is. We work to keep it running and your data safe, but we cannot promise it will never be unavailable. If these terms change, we say so here with a new date.',
      ],
    },
  ],
};

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  updated: 'November 28, 2026',
  sections: [
    {
      heading: 'What we store, and why',
      paragraphs: [
        'Your account: username, display name, email address, a hash of your password (never the password), your bio, tagline and picture, and the passkeys and access tokens you add (a passkey’s public key, a hash of each token). We need these to sign you in and show your board.',
        'Your board: its blocks, goals, the sources you connect (their addresses and options) and its settings. This is what you publish.',
        'Your email address is used to confirm it, to reset your password and for the updates you chose to receive; it is never shown to anyone.',
      ],
    },
    {
      heading: 'Visitors and counts',
      paragraphs: [
        'When someone views a board or follows a link on it, we count it. To count a visitor once a day we hash their network address and browser name with a random value that is thrown away at the end of each day; the address itself is never stored, and no visitor can be recognised from one day to the next.',
        'Board owners see totals: views, visitors, copies, clicks, the sites visitors came from, their country and kind of device. No cookies track visitors.',
      ],
    },
    {
      heading: 'The fediverse',
      paragraphs: [
        'When someone on another server follows your board, we keep their handle, name and a copy of their picture so you can see who follows you. Your public board’s stories are sent to their servers.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Your account and board stay until you delete them. A deleted block can be brought back for a few seconds, then it is gone. Deleting your account removes its data at once, tells the servers that follow it, and keeps only your username, so that no one else can take it and pretend to be you.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'Export all your data (as JSON, and your blocks as CSV) from Profile Settings at any time. Make your board private to hide it from everyone but you. Delete your account from Profile Settings.',
      ],
    },
  ],
};
