import { Show } from "solid-js";
import type { ApiFailure } from "../lib/api";
import { errorText } from "../lib/errors";

/** A failed request under its form: our sentence for the code, then the server's own words. */
export function FormError(props: { error: ApiFailure | null }) {
  return (
    <Show when={props.error}>
      {(e) => (
        <p class="form-error" role="alert" data-testid="form-error">
          {errorText(e())} <span class="server-message">“{e().message}”</span>
        </p>
      )}
    </Show>
  );
}
