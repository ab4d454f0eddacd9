import { type RefObject, useEffect } from 'react';
import type { Product, ProductVariant } from '@shop/core/domain/product';
import { chooseValue, closestVariant, isValueAvailable } from '@shop/core/domain/variant-choice';
import { messages } from '../../texts/messages';
import './product-options.css';

/**
 * The variant the form's radios show: `current`, or the closest to a choice made on them before
 * the shop's script ran (the browser keeps a radio's state; the shop learns of it only here).
 */
export function variantInForm(
  form: HTMLFormElement | null,
  product: Product,
  current: ProductVariant | undefined,
): ProductVariant | undefined {
  if (!form) return current;
  const wanted = (product.prodOptions ?? []).map(
    (_, index) => form.querySelector<HTMLInputElement>(`input[name="option-${index}"]:checked`)?.value,
  );
  const changed = wanted.findIndex((value, index) => value !== undefined && value !== current?.options[index]);
  return changed === -1 ? current : (closestVariant(product, wanted, changed) ?? current);
}

/**
 * The product's options (D25): a radio group per option (its name the legend), the values as
 * chips; a value no variant with the other current choices has in stock is crossed out (and can
 * still be chosen). Plain radios in a form: before the shop's script runs they can be chosen as
 * they are, and once it runs the choice made meanwhile is taken up.
 */
export function ProductOptions({
  product,
  variant,
  onChoose,
  form,
}: {
  product: Product;
  variant: ProductVariant | undefined;
  onChoose: (variant: ProductVariant) => void;
  /** The radios' form: the page reads a choice made before the script ran from it (`variantInForm`). */
  form: RefObject<HTMLFormElement | null>;
}) {
  const options = product.prodOptions ?? [];

  // Values chosen on the server's page before the script ran (the radios kept them): chosen now.
  useEffect(() => {
    const next = variantInForm(form.current, product, variant);
    if (next && next !== variant) onChoose(next);
    // Once, when the page is first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (options.length === 0) return null;
  return (
    <form className="product-options" ref={form} onSubmit={(event) => event.preventDefault()}>
      {options.map((option, optionIndex) => (
        <fieldset key={option.name} className="product-options__group">
          <legend className="product-options__legend">{option.name}</legend>
          <div className="product-options__values">
            {option.values.map((value) => {
              const unavailable = !isValueAvailable(product, variant, optionIndex, value);
              return (
                <label key={value} className={`option-chip${unavailable ? ' option-chip--unavailable' : ''}`}>
                  <input
                    className="option-chip__input"
                    type="radio"
                    name={`option-${optionIndex}`}
                    value={value}
                    checked={variant?.options[optionIndex] === value}
                    onChange={() => {
                      const next = chooseValue(product, variant, optionIndex, value);
                      if (next) onChoose(next);
                    }}
                  />
                  <span className="option-chip__text">{value}</span>
                  {unavailable ? <span className="visually-hidden"> {messages.product.unavailableValue}</span> : null}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </form>
  );
}
