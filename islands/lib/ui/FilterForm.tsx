import { type ReactNode, type Ref, useEffect, useRef, useState } from "react";

/** The name search waits for a pause in typing; Enter searches at once. */
const TYPING_PAUSE = 300;

interface FilterFormProps {
  id?: string;
  className?: string;
  /** The id of the panel's heading, which names the form. */
  labelledBy: string;
  /** The search by name, the form's first field. */
  name: { id: string; label: string; maxLength: number; initial?: string; inputRef?: Ref<HTMLInputElement>; onSearch: (name: string) => void };
  resetLabel: string;
  /** Empties every filter but the name, which the form empties itself. */
  onReset: () => void;
  /** The list's other filters and its sort. */
  children: ReactNode;
}

/** A list's filter form (the data lists, the task list): the name search, the list's own filters, and a reset button. */
export function FilterForm({ id, className, labelledBy, name, resetLabel, onReset, children }: FilterFormProps) {
  const [text, setText] = useState(name.initial ?? "");
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  const typed = (value: string) => {
    setText(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => name.onSearch(value), TYPING_PAUSE);
  };
  return (
    <form
      className={className}
      id={id}
      role="search"
      aria-labelledby={labelledBy}
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(typing.current);
        name.onSearch(text);
      }}
      onReset={(event) => {
        event.preventDefault();
        clearTimeout(typing.current);
        setText("");
        onReset();
      }}
    >
      <div className="field">
        <label htmlFor={name.id}>{name.label}</label>
        <input id={name.id} name="name" type="search" autoComplete="off" maxLength={name.maxLength} ref={name.inputRef} value={text} onChange={(event) => typed(event.target.value)} />
      </div>
      {children}
      <button type="reset" className="btn btn--ghost">
        {resetLabel}
      </button>
    </form>
  );
}
