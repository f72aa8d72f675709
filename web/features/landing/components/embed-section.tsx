import { useSiteOrigin } from '../../../lib/site-origin';

const steps = [
  {
    title: 'Create your board',
    text: 'Add what you are doing now, what is planned and what is done.',
  },
  {
    title: 'Copy the embed code',
    text: 'Your dashboard has a ready-made snippet with one Copy Code button.',
  },
  {
    title: 'Paste it anywhere',
    text: 'Your website, blog or portfolio shows your board, always up to date.',
  },
];

/** The "Embed Anywhere" how-to: three steps and what the snippet looks like. */
export function EmbedSection() {
  const snippet = `<iframe src="${useSiteOrigin()}/embed/@you"\n  width="100%" height="600"></iframe>`;
  return (
    <section aria-labelledby="embed-title" className="py-16 sm:py-24">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16">
        <div>
          <h2 id="embed-title" className="text-3xl font-extrabold tracking-tight text-gray-900">
            Embed Anywhere
          </h2>
          <p className="mt-3 text-gray-600">
            Put your board on any site that accepts an iframe, in three steps.
          </p>
          <ol className="mt-8 space-y-6">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  aria-hidden
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-violet-700 text-sm font-bold text-white"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-gray-900">{step.title}</h3>
                  <p className="mt-1 text-sm text-gray-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <figure className="min-w-0 overflow-hidden rounded-2xl bg-gray-900 shadow-xl">
          <figcaption className="border-b border-white/10 px-4 py-2.5 text-xs font-medium text-gray-300">
            Embed code
          </figcaption>
          <pre className="p-4 text-sm leading-relaxed break-all whitespace-pre-wrap text-violet-200">
            <code>{snippet}</code>
          </pre>
        </figure>
      </div>
    </section>
  );
}
