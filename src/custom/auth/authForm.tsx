// The forms of the public pages: text fields with the spec's validators (contract/rules/validators), checked at
// submit and then on every change, as react-admin's <Form> does, without react-hook-form and react-admin's inputs.
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ValidationMessage, Validator } from '../../../contract/rules/validators';
import { PublicIcon } from './publicIcons';

type Values<K extends string> = Record<K, string>;
type Rules<K extends string> = Record<K, Validator[]>;

function firstError(validators: Validator[], value: string, values: unknown): ValidationMessage | undefined {
  for (const validate of validators) {
    const message = validate(value, values);
    if (message) return message;
  }
  return undefined;
}

/** Field values, their errors, and a submit handler that calls `onSubmit` only with valid values. */
export function useAuthForm<K extends string>(rules: Rules<K>, onSubmit: (values: Values<K>) => unknown) {
  const translate = useTranslate();
  const names = Object.keys(rules) as K[];
  const [values, setValues] = useState<Values<K>>(
    () => Object.fromEntries(names.map((n) => [n, ''])) as Values<K>,
  );
  const [submitted, setSubmitted] = useState(false);

  const errorOf = (name: K, all: Values<K>): string | undefined => {
    const error = firstError(rules[name], all[name], all);
    if (!error) return undefined;
    return typeof error === 'string' ? translate(error) : translate(error.message, error.args);
  };

  const field = (name: K) => {
    const error = submitted ? errorOf(name, values) : undefined;
    return {
      name,
      value: values[name],
      onChange: (event: { target: { value: string } }) =>
        setValues((v) => ({ ...v, [name]: event.target.value })),
      error: Boolean(error),
      helperText: error ?? ' ',
    };
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (names.some((name) => errorOf(name, values))) return;
    void onSubmit(values);
  };

  return { values, field, handleSubmit };
}

export interface AuthFieldProps {
  name: string;
  /** An i18n key. */
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  error: boolean;
  helperText: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  endAdornment?: ReactNode;
}

/**
 * A text field the way react-admin's TextInput draws it (outlined, small, dense, label translated), in plain
 * elements styled by public.css.
 */
export const AuthTextField = ({
  name,
  label,
  error,
  helperText,
  required,
  type = 'text',
  endAdornment,
  ...input
}: AuthFieldProps) => {
  const translate = useTranslate();
  const id = useId();
  const text = required ? `${translate(label)}\u2009*` : translate(label);
  return (
    <div className="pub-field" data-error={error || undefined} data-filled={input.value ? '' : undefined}>
      <label htmlFor={id}>{text}</label>
      <div className="pub-field-box">
        <input
          id={id}
          name={name}
          type={type}
          required={required}
          aria-invalid={error}
          aria-describedby={`${id}-helper`}
          {...input}
        />
        {endAdornment}
        <fieldset aria-hidden="true">
          <legend>
            <span>{text}</span>
          </legend>
        </fieldset>
      </div>
      <p className="pub-helper" id={`${id}-helper`}>
        {helperText}
      </p>
    </div>
  );
};

/** A password field with the show/hide button of react-admin's PasswordInput. */
export const AuthPasswordField = (props: Omit<AuthFieldProps, 'type' | 'endAdornment'>) => {
  const translate = useTranslate();
  const [visible, setVisible] = useState(false);
  return (
    <AuthTextField
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <button
          type="button"
          className="pub-icon-button"
          aria-label={translate(
            visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
          )}
          onClick={() => setVisible(!visible)}
        >
          <PublicIcon name={visible ? 'visibility' : 'visibilityOff'} size="1.25rem" />
        </button>
      }
    />
  );
};
