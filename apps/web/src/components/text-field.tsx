import { type InputHTMLAttributes, useId } from "react";

interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "aria-invalid" | "aria-describedby"> {
  name: string;
  label: string;
  /** A short rule shown under the field. */
  hint?: string;
  /** What is wrong with the value; marks the field invalid. */
  error?: string | undefined;
  optional?: boolean;
}

/** A labelled input with its hint and error, wired up with aria-describedby / aria-invalid. */
export function TextField({
  name,
  label,
  hint,
  error,
  optional = false,
  type = "text",
  ...input
}: TextFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={error ? "field field--invalid" : "field"}>
      <label className="field__label" htmlFor={id}>
        {label}
        {optional && <span className="field__optional"> (optional)</span>}
      </label>
      <input
        {...input}
        id={id}
        name={name}
        type={type}
        className="field__input"
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
    </div>
  );
}
