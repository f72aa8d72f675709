import { Link } from 'react-router-dom';
import { AuditLog } from '../../features/moderation/components/audit-log';
import { ModeratorsOnly } from '../../features/moderation/components/moderators-only';
import { useDocumentTitle } from '../../lib/use-document-title';

export function AdminAuditScreen() {
  useDocumentTitle('Audit log');
  return (
    <ModeratorsOnly>
      <main className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="mb-8">
          <h1 className="text-3xl font-extrabold tracking-tight text-gray-900">Audit log</h1>
          <p className="mt-1 text-gray-600">
            Every moderation action, newest first.{' '}
            <Link to="/admin/reports" className="text-violet-700 underline">
              Reports
            </Link>
          </p>
        </header>
        <AuditLog />
      </main>
    </ModeratorsOnly>
  );
}
