import type { ChangeEvent, Ref } from 'react';

interface ContactFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  type?: 'text' | 'email';
  multiline?: boolean;
  autoComplete?: string;
  fieldRef?: Ref<HTMLInputElement & HTMLTextAreaElement>;
  onChange: (value: string) => void;
}

/** A labelled input or textarea whose error is shown right under it and tied to it for screen readers. */
export function ContactField(props: ContactFieldProps) {
  const errorId = `${props.id}-error`;
  const common = {
    id: props.id,
    name: props.name,
    value: props.value,
    ref: props.fieldRef,
    required: true,
    'aria-invalid': props.error ? true : undefined,
    'aria-describedby': props.error ? errorId : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => props.onChange(e.target.value),
  };
  return (
    <div className={`contact-field${props.error ? ' contact-field--invalid' : ''}`}>
      <label htmlFor={props.id}>{props.label}</label>
      {props.multiline ? (
        <textarea {...common} rows={6} />
      ) : (
        <input {...common} type={props.type ?? 'text'} autoComplete={props.autoComplete} />
      )}
      {props.error && (
        <p className="contact-field__error" id={errorId}>
          {props.error}
        </p>
      )}
    </div>
  );
}
