import { type LegalDocument, paragraphsOf } from '@shop/core/domain/contract';
import './legal-documents.css';

/**
 * The documents of D24 (or the privacy notice), each readable in full in a native disclosure:
 * keyboard and screen readers know `<details>`/`<summary>` without any script. `open` shows them
 * unfolded (a page of their own, /terms).
 */
export function LegalDocuments({ documents, open = false }: { documents: readonly LegalDocument[]; open?: boolean }) {
  return (
    <div className="legal-documents">
      {documents.map((document) => (
        <details key={document.kind} className="legal-document" id={`document-${document.kind}`} open={open}>
          <summary className="legal-document__title">{document.title}</summary>
          <LegalText text={document.text} />
        </details>
      ))}
    </div>
  );
}

/** A text as the server wrote it: paragraphs, and lines within them. */
export function LegalText({ text }: { text: string }) {
  return (
    <div className="legal-document__text" lang="tr">
      {paragraphsOf(text).map((lines, index) => (
        <p key={index}>
          {lines.map((line, at) => (
            <span key={at} className="legal-document__line">
              {line}
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
