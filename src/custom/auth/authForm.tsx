// The forms of the public pages: MUI text fields with the spec's validators (contract/rules/validators), checked at
// submit and then on every change, as react-admin's <Form> does, without react-hook-form and react-admin's inputs.
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import {
  FormControl,
  FormHelperText,
  IconButton,
  InputAdornment,
  InputLabel,
  OutlinedInput,
} from '@mui/material';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ValidationMessage, Validator } from '../../../contract/rules/validators';

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
 * A text field the way react-admin's TextInput draws it (outlined, small, dense, label translated), built from
 * MUI's parts rather than TextField, which would bring Select, Menu and Popover along.
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
  const text = translate(label);
  return (
    <FormControl size="small" margin="dense" fullWidth variant="outlined" error={error} required={required}>
      <InputLabel htmlFor={id}>{text}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={required ? `${text}\u2009*` : text}
        endAdornment={endAdornment}
        inputProps={{ 'aria-describedby': `${id}-helper` }}
        {...input}
      />
      <FormHelperText id={`${id}-helper`}>{helperText}</FormHelperText>
    </FormControl>
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
        <InputAdornment position="end">
          <IconButton
            aria-label={translate(
              visible ? 'ra.input.password.toggle_visible' : 'ra.input.password.toggle_hidden',
            )}
            onClick={() => setVisible(!visible)}
            size="small"
          >
            {visible ? <Visibility fontSize="small" /> : <VisibilityOff fontSize="small" />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
};
