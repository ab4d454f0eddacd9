import { type InputHTMLAttributes, useId } from 'react';
import './text-field.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'value' | 'onChange'> {
  label: string;
  value: string;
  /** Without it the field is read-only (e.g. User ID and email on the profile). */
  onChange?: (value: string) => void;
}

/** A labelled input: the label names the input for every assistive technology. */
export function TextField({ label, value, onChange, type = 'text', ...input }: TextFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="field__input"
        type={type}
        value={value}
        readOnly={onChange === undefined || input.readOnly}
        onChange={onChange ? (event) => onChange(event.target.value) : undefined}
      />
    </div>
  );
}
