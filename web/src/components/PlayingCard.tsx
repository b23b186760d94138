import { CardBack, CardFace } from "../cards";
import { language } from "../i18n";
import { cardName } from "../lib/cards";
import { settings } from "../stores/settings";

/** A face-up card in the player's chosen faces (decorative unless labelled). */
export function PlayingCard(props: { code: string; class?: string; label?: string }) {
  return (
    <CardFace
      code={props.code}
      faces={settings.faces}
      lang={language()}
      class={props.class}
      label={props.label}
    />
  );
}

/** A face-up card in a fan or a row that screen readers announce by its name. */
export function NamedCard(props: { code: string; class: "fan-card" | "row-card" }) {
  return (
    <span class={props.class} role="img" aria-label={cardName(props.code)}>
      <PlayingCard code={props.code} />
    </span>
  );
}

export function FaceDown(props: { class?: string; label?: string }) {
  return <CardBack class={props.class} label={props.label} />;
}
