import { Link } from 'react-router-dom';
import { useNow } from '../../../lib/use-now';

const footerLinkClass =
  'rounded-sm py-2 text-sm text-gray-600 hover:text-violet-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-500';

export function LandingFooter() {
  const year = new Date(useNow()).getFullYear();
  return (
    <footer className="border-t border-gray-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 sm:flex-row sm:justify-between sm:px-6">
        <p className="text-sm text-gray-600">© {year} Up2</p>
        <nav aria-label="Footer" className="flex gap-6">
          <Link to="/feedback" className={footerLinkClass}>
            Feedback
          </Link>
          <Link to="/discover" className={footerLinkClass}>
            Discover
          </Link>
          <Link to="/terms" className={footerLinkClass}>
            Terms
          </Link>
          <Link to="/privacy" className={footerLinkClass}>
            Privacy
          </Link>
        </nav>
      </div>
    </footer>
  );
}
