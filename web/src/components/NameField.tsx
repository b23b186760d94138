import type { JSX } from "solid-js";

/** The labelled box for a player's name, with the same limits wherever a name is typed. */
export function NameField(props: {
  label: string;
  value: string;
  onInput: (value: string) => void;
  testId: string;
  children?: JSX.Element;
}) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <input
        type="text"
        name="name"
        autocomplete="nickname"
        required
        maxLength={32}
        value={props.value}
        onInput={(event) => props.onInput(event.currentTarget.value)}
        data-testid={props.testId}
      />
      {props.children}
    </label>
  );
}
