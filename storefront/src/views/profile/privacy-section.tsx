import { observer } from 'mobx-react-lite';
import { type FormEvent, useEffect, useId } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Consents, DataExport } from '@shop/core/domain/consent';
import { PRIVACY } from '../../di/modules/privacy-module';
import { useStore } from '../../di/react';
import type { PrivacyStore } from '../../stores/account/privacy-store';
import { accountMessages } from '../../texts/account-messages';
import { formatDateTime } from '../../texts/date-format';
import { ErrorText, LoadingText } from '../shared/status-text';
import { TextField } from '../shared/text-field';
import './privacy-section.css';

const texts = accountMessages.privacy;

/** Hands the file to the browser as a download (the page stays). */
function saveFile({ fileName, json }: DataExport): void {
  const url = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The profile's privacy section (D24): the consents as recorded (marketing can be turned on or
 * off), 'Download my data', and 'Delete my account' with the password given again. The profile
 * page renders the section heading.
 */
export const PrivacySection = observer(function PrivacySection() {
  const store = useStore(PRIVACY.section);
  useEffect(() => {
    void store.load();
  }, [store]);
  return (
    <div className="privacy-section">
      <section className="profile-sub" aria-labelledby="privacy-consents">
        <h3 id="privacy-consents">{texts.consentsTitle}</h3>
        <ConsentList store={store} />
      </section>
      <section className="profile-sub" aria-labelledby="privacy-download">
        <h3 id="privacy-download">{texts.downloadTitle}</h3>
        <p className="privacy-section__note">{texts.downloadIntro}</p>
        <button
          type="button"
          className="button"
          aria-busy={store.exporting}
          disabled={store.exporting}
          onClick={() => void store.exportData().then((file) => file && saveFile(file))}
        >
          {store.exporting ? texts.downloading : texts.download}
        </button>
      </section>
      <section className="profile-sub" aria-labelledby="privacy-delete">
        <h3 id="privacy-delete">{texts.deleteTitle}</h3>
        <p className="privacy-section__note">{texts.deleteIntro}</p>
        {store.deleteOpen ? (
          <DeleteForm store={store} />
        ) : (
          <button type="button" className="button button--danger" onClick={() => store.openDelete(true)}>
            {texts.deleteOpen}
          </button>
        )}
      </section>
    </div>
  );
});

const ConsentList = observer(function ConsentList({ store }: { store: PrivacyStore }) {
  const { consents } = store;
  if (consents.status === 'loading') return <LoadingText>{texts.loading}</LoadingText>;
  if (consents.status === 'error') return <ErrorText>{texts.errorLoading(consents.message)}</ErrorText>;
  return <ConsentRows consents={consents.data} store={store} />;
});

function ConsentRows({ consents, store }: { consents: Consents; store: PrivacyStore }) {
  const marketingId = useId();
  const { privacyNotice, marketing } = consents;
  return (
    <div className="privacy-section__consents">
      <p className="privacy-section__note">
        {privacyNotice?.granted ? texts.privacyNotice(privacyNotice.version, formatDateTime(privacyNotice.at)) : texts.privacyNoticeMissing}{' '}
        <a href="/privacy" target="_blank" rel="noopener">
          {texts.privacyNoticeLink}
        </a>
      </p>
      <label className="checkbox" htmlFor={marketingId}>
        <input
          id={marketingId}
          type="checkbox"
          checked={marketing?.granted === true}
          disabled={store.savingMarketing}
          onChange={(event) => void store.setMarketing(event.target.checked)}
        />
        <span>{texts.marketing}</span>
      </label>
      <p className="privacy-section__note">
        {marketing?.at
          ? texts.marketingState(marketing.granted, marketing.version, formatDateTime(marketing.at))
          : marketing
            ? null
            : texts.marketingNever}
      </p>
    </div>
  );
}

const DeleteForm = observer(function DeleteForm({ store }: { store: PrivacyStore }) {
  const navigate = useNavigate();
  const problemId = useId();
  const submit = async (event: FormEvent): Promise<void> => {
    event.preventDefault();
    if (await store.deleteAccount()) void navigate('/');
  };
  return (
    <form
      className="privacy-section__delete"
      onSubmit={(event) => void submit(event)}
      aria-describedby={store.deleteProblem ? problemId : undefined}
    >
      <TextField
        type="password"
        label={texts.deletePassword}
        autoComplete="current-password"
        value={store.deletePassword}
        onChange={(password) => store.setDeletePassword(password)}
      />
      {store.deleteProblem ? (
        <p id={problemId} className="privacy-section__problem" role="alert">
          {store.deleteProblem}
        </p>
      ) : null}
      <div className="privacy-section__actions">
        <button type="submit" className="button button--danger" aria-busy={store.deleting} disabled={store.deleting}>
          {store.deleting ? texts.deleting : texts.deleteConfirm}
        </button>
        <button type="button" className="button" disabled={store.deleting} onClick={() => store.openDelete(false)}>
          {texts.deleteCancel}
        </button>
      </div>
    </form>
  );
});
