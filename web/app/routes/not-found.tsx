import { Link } from 'react-router-dom';
import { Button } from '../../components/ui/button';

export function NotFoundScreen() {
  return (
    <main className="mx-auto flex max-w-md flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-violet-700">404</p>
      <h1 className="mt-4 text-2xl font-bold">Page Not Found</h1>
      <p className="mt-2 text-gray-600">
        The page you are looking for does not exist or has moved.
      </p>
      <Button asChild className="mt-8">
        <Link to="/">Go Home</Link>
      </Button>
    </main>
  );
}
