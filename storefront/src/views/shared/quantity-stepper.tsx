import { MIN_QUANTITY } from '@shop/core/domain/cart';
import { messages } from '../../texts/messages';
import './quantity-stepper.css';

export interface QuantityStepperProps {
  value: number;
  onDecrease: () => void;
  onIncrease: () => void;
  /** Names the control group, e.g. the product name, so several steppers are told apart. */
  label?: string;
}

/** − value +, never below 1 (SPEC section 5): decrease is disabled at the floor. */
export function QuantityStepper({ value, onDecrease, onIncrease, label }: QuantityStepperProps) {
  const name = label ? `${messages.product.quantity}: ${label}` : messages.product.quantity;
  return (
    <div className="stepper" role="group" aria-label={name}>
      <button
        type="button"
        className="stepper__button"
        aria-label={messages.product.decrease}
        onClick={onDecrease}
        disabled={value <= MIN_QUANTITY}
      >
        −
      </button>
      <output className="stepper__value" aria-live="polite" aria-label={messages.product.quantity}>
        {value}
      </output>
      <button type="button" className="stepper__button" aria-label={messages.product.increase} onClick={onIncrease}>
        +
      </button>
    </div>
  );
}
