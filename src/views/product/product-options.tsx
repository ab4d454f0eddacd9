import { useEffect, useRef } from 'react';
import type { Product, ProductVariant } from '../../domain/product';
import { chooseValue, closestVariant, isValueAvailable } from '../../domain/variant-choice';
import { messages } from '../../texts/messages';
import './product-options.css';

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
}: {
  product: Product;
  variant: ProductVariant | undefined;
  onChoose: (variant: ProductVariant) => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const options = product.prodOptions ?? [];

  // Values chosen on the server's page before the script ran (the radios kept them): chosen now.
  useEffect(() => {
    const element = form.current;
    if (!element) return;
    const wanted = options.map((_, index) => element.querySelector<HTMLInputElement>(`input[name="option-${index}"]:checked`)?.value);
    const changed = wanted.findIndex((value, index) => value !== undefined && value !== variant?.options[index]);
    if (changed === -1) return;
    const next = closestVariant(product, wanted, changed);
    if (next) onChoose(next);
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
