import {
  CompassIcon,
  CopyIcon,
  LayoutGridIcon,
  type LucideIcon,
  TrendingUpIcon,
} from 'lucide-react';

type Feature = { icon: LucideIcon; title: string; text: string };

const features: Feature[] = [
  {
    icon: LayoutGridIcon,
    title: '10 block types',
    text: 'Books, shows, music, courses, tools, travel, events, communities, goals and links: everything you are into has a place.',
  },
  {
    icon: TrendingUpIcon,
    title: 'Track progress',
    text: 'Sort activities into Now, Planned and Done, and watch each progress bar fill up as you go.',
  },
  {
    icon: CopyIcon,
    title: 'Copy and share',
    text: 'Share your board with one short link, and copy any block you like from other boards onto yours.',
  },
  {
    icon: CompassIcon,
    title: 'Discover others',
    text: 'Browse public boards and find people learning, making and exploring the same things as you.',
  },
];

export function WhySection() {
  return (
    <section aria-labelledby="why-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why-title" className="text-3xl font-extrabold tracking-tight text-gray-900">
            Why Up2?
          </h2>
          <p className="mt-3 text-gray-600">
            One place for everything you're doing, planning and proud of.
          </p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
              <span className="flex size-11 items-center justify-center rounded-xl bg-violet-100 text-violet-700">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-gray-900">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-gray-600">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
