import { CalendarHeartIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';

/** The dashboard's invitation to the owner's year in review: a link to the page, and `share`. */
export function YearOfferCard({
  username,
  year,
  share,
}: {
  username: string;
  year: number;
  share: ReactNode;
}) {
  return (
    <section aria-labelledby="year-offer-heading" className="space-y-2">
      <h2 id="year-offer-heading" className="text-sm font-semibold text-gray-900">
        Your {year} in review
      </h2>
      <p className="text-sm text-gray-700">
        What you finished, your goals and your busiest month, as a page and an image to share.
      </p>
      <div className="grid gap-2">
        <Button asChild variant="outline" align="start">
          <a href={`/@${username}/year/${year}`}>
            <CalendarHeartIcon aria-hidden />
            See your {year}
          </a>
        </Button>
        {share}
      </div>
    </section>
  );
}
