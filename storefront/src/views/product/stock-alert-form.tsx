import { observer } from 'mobx-react-lite';
import { useId } from 'react';
import { CATALOG_PAGES } from '../../di/modules/catalog-pages-module';
import { CORE } from '../../di/modules/core-module';
import { useStore } from '../../di/react';
import { messages } from '../../texts/messages';
import { TextField } from '../shared/text-field';

/**
 * 'Haber ver' for a sold-out product or variant (D25): a button opening a small form for an
 * e-mail address (the signed-in shopper's to begin with). The page keys it by the variant, so
 * another choice starts afresh.
 */
export const StockAlertForm = observer(function StockAlertForm({ productId, variantId }: { productId: string; variantId?: string }) {
  const store = useStore(CATALOG_PAGES.stockAlert, variantId === undefined ? { productId } : { productId, variantId });
  const session = useStore(CORE.session);
  const id = useId();
  const { state } = store;

  if (state.status === 'closed') {
    return (
      <button type="button" className="button stock-alert__open" onClick={() => store.open(session.user?.email)}>
        {messages.product.notifyMe}
      </button>
    );
  }
  const error = store.emailError;
  return (
    <form
      className="stock-alert"
      aria-label={messages.product.notifyMe}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void store.send();
      }}
    >
      <TextField
        label={messages.product.notifyEmail}
        type="email"
        autoComplete="email"
        value={store.email}
        onChange={state.status === 'sent' ? undefined : (value) => store.setEmail(value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the shopper has just asked for this form
        autoFocus
      />
      {error ? (
        <p id={`${id}-error`} className="stock-alert__error">
          {error}
        </p>
      ) : null}
      {state.status === 'sent' ? null : (
        <button type="submit" className="button button--primary" disabled={state.status === 'sending'}>
          {state.status === 'sending' ? messages.product.notifySending : messages.product.notifySend}
        </button>
      )}
      <p className="stock-alert__result" role="status">
        {state.status === 'sent' ? state.message : null}
      </p>
      {state.status === 'failed' ? (
        <p className="stock-alert__error" role="alert">
          {state.message}
        </p>
      ) : null}
    </form>
  );
});
