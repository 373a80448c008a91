/**
 * react-hook-form fields as MUI TextFields, the one way forms bind them.
 *
 * The field's ref goes to the <input> (`inputRef`). Spreading a Controller's
 * `field` onto a TextField hands the ref to the TextField's wrapper <div>
 * instead, and a submit with errors then cannot focus the first
 * invalid field (focus was left on <body>). The field's error message is the
 * helper text, else `hint`, else a space that keeps the row's height.
 */
import type { ReactNode } from 'react';
import {
  Controller,
  type Control,
  type ControllerFieldState,
  type ControllerRenderProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';

/** TextField props for a Controller's `field` and `fieldState`; spread them before your own props. */
export function controlledProps<T extends FieldValues>(
  {
    field: { ref, value, ...field },
    fieldState,
  }: { field: ControllerRenderProps<T, FieldPath<T>>; fieldState: ControllerFieldState },
  hint: ReactNode = ' ',
) {
  return {
    ...field,
    value: value ?? '',
    inputRef: ref,
    error: !!fieldState.error,
    helperText: fieldState.error?.message ?? hint,
  };
}

type FormTextFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'error' | 'helperText' | 'select'
> & {
  // Any context and transformed values: forms whose resolver parses strings into numbers bind here too.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- react-hook-form's own default for these two parameters
  control: Control<T, any, any>;
  name: FieldPath<T>;
  /** Helper text while the field has no error. */
  hint?: ReactNode;
  /** Makes it a select of these values, each shown as itself or as `optionLabel` says. */
  options?: readonly string[];
  optionLabel?: (value: string) => string;
};

/** A TextField bound to `name` of a react-hook-form form (any TextField prop), or a select of `options`. */
export function FormTextField<T extends FieldValues>({
  control,
  name,
  hint,
  options,
  optionLabel = (v) => v,
  ...props
}: FormTextFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={(r) => (
        <TextField {...controlledProps(r, hint)} {...props} select={!!options}>
          {options?.map((v) => (
            <MenuItem key={v} value={v}>
              {optionLabel(v)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
