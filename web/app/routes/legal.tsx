import { type LegalDocument, privacyPolicy, termsOfService } from '../../content/legal';
import { useDocumentTitle } from '../../lib/use-document-title';

function LegalPage({ document }: { document: LegalDocument }) {
  useDocumentTitle(document.title);
  return (
    <main className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-gray-900">{document.title}</h1>
      <p className="mt-2 text-sm text-gray-600">Last updated {document.updated}</p>
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-8 space-y-3">
          <h2 className="text-xl font-semibold text-gray-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="leading-relaxed text-gray-700">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </main>
  );
}

export function TermsScreen() {
  return <LegalPage document={termsOfService} />;
}

export function PrivacyScreen() {
  return <LegalPage document={privacyPolicy} />;
}
