import { Pip } from "../cards/pips";
import type { SuitLetter } from "../lib/cards";
import { settings } from "../stores/settings";

/** The suit's symbol in the chosen faces, for buttons and labels (decorative). */
export function SuitIcon(props: { suit: SuitLetter }) {
  return (
    <svg class="suit-icon" viewBox="-11 -11 22 22" aria-hidden="true">
      <Pip suit={props.suit} faces={settings.faces} x={0} y={0} size={1} />
    </svg>
  );
}
