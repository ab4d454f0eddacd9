import { observer } from 'mobx-react-lite';
import { type ReactNode, useEffect } from 'react';
import { CATALOG } from '../../di/modules/catalog-module';
import { useStore } from '../../di/react';
import type { LegalTexts } from '@shop/core/domain/legal';
import { messages } from '../../texts/messages';
import type { PageModule } from '../../shell/page-module';
import { ErrorText, LoadingText } from '../shared/status-text';
import { LegalDocuments, LegalText } from './legal-documents';
import './legal-pages.css';

/** A page of the shop's legal texts (D24): its heading and intro, then the texts once loaded (rendered on the server, D17). */
const LegalPage = observer(function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: (texts: LegalTexts) => ReactNode;
}) {
  const texts = useStore(CATALOG.legal).texts;
  useEffect(() => {
    // Loaded already after a server render or a visit to the other page; else fetched here.
    void texts.load();
  }, [texts]);
  const state = texts.state;
  return (
    <section className="page legal-page">
      <h1>{title}</h1>
      <p className="legal-page__intro">{intro}</p>
      {state.status === 'loading' ? (
        <LoadingText>{messages.legal.loading}</LoadingText>
      ) : state.status === 'error' ? (
        <ErrorText>{messages.legal.errorFetching(state.message)}</ErrorText>
      ) : (
        children(state.data)
      )}
    </section>
  );
});

/** /privacy: the privacy notice (aydınlatma metni), the one a sign-up acknowledges, with its version. */
export function PrivacyPage() {
  return (
    <LegalPage title={messages.legal.privacyTitle} intro={messages.legal.privacyIntro}>
      {({ privacyNotice }) => (
        <article className="legal-page__text" lang="tr">
          <h2>{privacyNotice.title}</h2>
          <p className="legal-page__version" lang="en">
            {messages.legal.version(privacyNotice.version)}
          </p>
          <LegalText text={privacyNotice.text} />
        </article>
      )}
    </LegalPage>
  );
}

/** /terms: the pre-information form and the distance sales contract as templates, unfolded. */
export function TermsPage() {
  return (
    <LegalPage title={messages.legal.termsTitle} intro={messages.legal.termsIntro}>
      {({ terms }) => (
        <div className="legal-page__text">
          <p className="legal-page__version">{messages.legal.version(terms.version)}</p>
          <div lang="tr">
            <LegalDocuments documents={terms.documents} open />
          </div>
        </div>
      )}
    </LegalPage>
  );
}

const prepare: PageModule['prepare'] = async (container) => {
  await container.get(CATALOG.legal).texts.load();
};

export const privacyPage: PageModule = {
  Component: PrivacyPage,
  prepare,
  head: () => ({ title: messages.head.pageTitle(messages.legal.privacyTitle), description: messages.legal.privacyDescription }),
};

export const termsPage: PageModule = {
  Component: TermsPage,
  prepare,
  head: () => ({ title: messages.head.pageTitle(messages.legal.termsTitle), description: messages.legal.termsDescription }),
};
